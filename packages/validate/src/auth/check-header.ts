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
 * Findings of the protected header: jwt-alg, jwt-kid, jwt-typ, jwt-jku.
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
