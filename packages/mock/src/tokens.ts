import { randomBytes } from 'node:crypto';

/** Who a token was issued to, and until when. */
export interface Grant {
  subject: string;
  expiresAtMs: number;
}

/**
 * Access tokens the mock issued: random, opaque, remembered until they expire. At most `maxEntries`
 * are held (the oldest issued is dropped first), so a client that asks for tokens in a loop cannot grow
 * the mock's memory.
 */
export class TokenStore {
  private readonly grants = new Map<string, Grant>();

  constructor(
    private readonly now: () => number,
    private readonly maxEntries = 10_000,
  ) {}

  issue(subject: string, lifetimeSec: number): { token: string; expiresAtMs: number } {
    const token = randomBytes(32).toString('base64url');
    const expiresAtMs = this.now() + lifetimeSec * 1000;
    if (this.grants.size >= this.maxEntries) this.grants.delete(this.grants.keys().next().value!);
    this.grants.set(token, { subject, expiresAtMs });
    return { token, expiresAtMs };
  }

  /** The grant of a live token; an expired one is forgotten. */
  check(token: string): Grant | undefined {
    const grant = this.grants.get(token);
    if (grant === undefined) return undefined;
    if (grant.expiresAtMs <= this.now()) {
      this.grants.delete(token);
      return undefined;
    }
    return grant;
  }
}

/** Why a request has no usable bearer token, or undefined when it has one. */
export function bearerProblem(header: string | undefined, tokens: TokenStore): string | undefined {
  if (header === undefined || header === '') return 'This endpoint requires `Authorization: Bearer <access token>`; none was sent.';
  const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)$/i.exec(header);
  if (!match) return 'The Authorization header must be `Bearer <access token>`.';
  return tokens.check(match[1]!) === undefined ? 'The access token is unknown or has expired: get a new one from /v2/auth/token.' : undefined;
}
