// Shapes of the auth bodies as the builder and checker use them. They mirror the schemas in
// schemas/auth/ (the generated @cdx/types are the canonical closed types); kept here so this
// subpath compiles without the types package being built.
import type { AssertionAlg } from './service.js';

/** Protected header of a client assertion (schema auth/ClientAssertionHeader). */
export interface ClientAssertionHeader {
  alg: AssertionAlg;
  typ: 'JWT';
  kid: string;
  jku?: string;
}

/** Claims of a client assertion (schema auth/ClientAssertionClaims); times in seconds since the epoch. */
export interface ClientAssertionClaims {
  iss: string;
  sub: string;
  aud: string;
  iat: number;
  exp: number;
  jti: string;
}

/** Decoded form fields of POST /v2/auth/token (schema auth/TokenRequest); `new URLSearchParams(form)` encodes it. */
export type TokenRequestForm = {
  grant_type: 'client_credentials';
  client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
  client_assertion: string;
};

/** Legacy flow: the response of /auth/authenticate and /auth/refreshToken (schema auth/AuthenticateResponse). */
export interface AuthenticateResponseLike {
  accessToken?: string;
  /** ISO 8601 UTC date-time, e.g. 2026-03-02T09:30:00Z. */
  expires: string;
  refreshToken?: string;
}
