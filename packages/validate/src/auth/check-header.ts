import type { Finding } from '../finding.js';
import { quote } from '../finding.js';
import { authFinding, mismatch } from './rules.js';
import { ALLOWED_ALGS, ASSERTION_TYP, isAllowedAlg } from './service.js';

const ALG_LIST = ALLOWED_ALGS.join(', ');

function algFinding(alg: unknown): Finding | undefined {
  if (isAllowedAlg(alg)) return undefined;
  const pointer = '/header/alg';
  if (alg === undefined) return authFinding('jwt-alg', pointer, `header "alg" is missing: set it to one of ${ALG_LIST}.`);
  if (typeof alg === 'string' && alg.toLowerCase() === 'none') {
    return authFinding('jwt-alg', pointer, `header "alg" is ${quote(alg)}: unsigned JWTs are refused; sign with ${ALG_LIST}.`);
  }
  if (typeof alg === 'string' && /^HS\d+$/i.test(alg)) {
    return authFinding(
      'jwt-alg',
      pointer,
      `header "alg" is ${quote(alg)}, a shared-secret MAC: the service verifies with your public key, so sign with a private key using ${ALG_LIST}.`,
    );
  }
  return authFinding('jwt-alg', pointer, `header "alg" is ${quote(alg)}: the service accepts only ${ALG_LIST}.`);
}

/**
 * JWS extensions. The service runs no extension: RFC 7515 makes a recipient refuse a token whose
 * crit lists one it does not process, and jose's jwtVerify refuses an unencoded payload (RFC 7797
 * b64: false) even though its compactVerify accepts one. Checked whether or not the signature is.
 */
function extensionFindings(header: Record<string, unknown>): Finding[] {
  const findings: Finding[] = [];
  if (header.crit !== undefined) {
    findings.push(authFinding('jwt-crit', '/header/crit', `header "crit" is ${quote(header.crit)}: the service processes no JWS extension and refuses a token that declares one; remove crit.`));
  }
  if (header.b64 !== undefined && header.b64 !== true) {
    findings.push(authFinding('jwt-crit', '/header/b64', `header "b64" is ${quote(header.b64)}: a JWT's payload must be base64url-encoded JSON (RFC 7797 unencoded payloads are refused); remove b64.`));
  }
  return findings;
}

/**
 * Findings of the protected header: jwt-alg, jwt-kid, jwt-typ, jwt-crit, jwt-jku.
 * @param savedJku the JWKS URL saved in the dashboard, if any; a header jku must equal it.
 */
export function checkHeader(header: Record<string, unknown>, savedJku: string | undefined): Finding[] {
  const findings: Finding[] = [];
  const alg = algFinding(header.alg);
  if (alg) findings.push(alg);

  const { kid, typ, jku } = header;
  if (typeof kid !== 'string' || kid === '') {
    const what = kid === undefined ? 'is missing' : `is ${quote(kid)}`;
    findings.push(authFinding('jwt-kid', '/header/kid', `header "kid" ${what}: set it to the identifier of the key pair that signed the JWT.`));
  }

  if (typ !== ASSERTION_TYP) {
    const what = typ === undefined ? 'is missing' : `is ${quote(typ)}`;
    findings.push(authFinding('jwt-typ', '/header/typ', `header "typ" ${what}: set it to "JWT".`));
  }

  for (const finding of extensionFindings(header)) findings.push(finding);

  if (jku !== undefined) {
    if (savedJku === undefined) {
      findings.push(
        authFinding('jwt-jku', '/header/jku', `header "jku" is ${quote(jku)} but no JWKS URL is saved: remove jku, or save the URL in the dashboard (and pass it as the jku option).`),
      );
    } else if (jku !== savedJku) {
      findings.push(
        authFinding('jwt-jku', '/header/jku', `header "jku" is ${mismatch(jku, savedJku, 'the saved JWKS URL')}: use the saved URL exactly, or omit jku.`),
      );
    }
  }
  return findings;
}
