// Shapes of the auth bodies as the builder and checker use them: the generated @cdx/types
// (from schemas/auth/), so the code and the schemas cannot drift apart.
import type { AuthenticateResponse, TokenRequest } from '@cdx/types';

export type { ClientAssertionClaims, ClientAssertionHeader } from '@cdx/types';

/**
 * Decoded form fields of POST /v2/auth/token (schema auth/TokenRequest); `new URLSearchParams(form)`
 * encodes it. A record of strings too, so that URLSearchParams and checkTokenForm take it as it is.
 */
export type TokenRequestForm = TokenRequest & Record<string, string>;

/** Legacy flow: what the expiry helpers need of an /auth/authenticate or /auth/refreshToken response. */
export type AuthenticateResponseLike = Pick<AuthenticateResponse, 'expires'> & Partial<AuthenticateResponse>;
