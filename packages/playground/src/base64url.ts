// base64url (RFC 4648 §5, no padding), for the link's fragment and JWT parts.

/** Bytes as base64url without padding. */
export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const base64 = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_');
  let end = base64.length;
  while (end > 0 && base64[end - 1] === '=') end--;
  return base64.slice(0, end);
}

/** base64url (padded or not) as bytes; throws on other characters. */
export function decodeBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
