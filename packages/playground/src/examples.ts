// The examples menu: every kind's valid example from schemas/examples/valid (each a chunk, read
// when picked), and a client-assertion JWT made of the auth header and claims examples.
import { listKinds, type KindInfo } from '@cdx/validate/browser';
import { encodeBase64Url } from './base64url.js';
import { JWT_KIND } from './check.js';

const files = import.meta.glob<string>('../../../schemas/examples/valid/*.json', { query: '?raw', import: 'default' });

export interface Example {
  /** Menu label. */
  label: string;
  /** The picker's value for it: the kind when it cannot be detected (auth bodies, the JWT), else ''. */
  kind: string;
  family: KindInfo['family'] | 'jwt';
  load(): Promise<string>;
}

/** schemas/examples' file name for a kind: the id lower-cased, other characters as `-`. */
const fileOf = (id: string) =>
  id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const base64Url = (json: string) => encodeBase64Url(new TextEncoder().encode(JSON.stringify(JSON.parse(json))));

function loader(id: string): (() => Promise<string>) | undefined {
  return files[`../../../schemas/examples/valid/${fileOf(id)}.json`];
}

export function examples(): Example[] {
  const list: Example[] = [];
  for (const kind of listKinds()) {
    const load = loader(kind.id);
    if (load) list.push({ label: kind.id, kind: kind.family === 'auth' || kind.family === 'search' ? kind.id : '', family: kind.family, load });
  }
  const header = loader('auth/ClientAssertionHeader');
  const claims = loader('auth/ClientAssertionClaims');
  if (header && claims) {
    list.push({
      label: 'client assertion (JWT)',
      kind: JWT_KIND,
      family: 'jwt',
      // The example's signature part is a placeholder: without a public key it is not verified.
      load: async () => `${base64Url(await header())}.${base64Url(await claims())}.c2lnbmF0dXJlLW5vdC12ZXJpZmllZA`,
    });
  }
  return list;
}
