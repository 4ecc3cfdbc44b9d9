import type { Finding } from '../finding.js';
import { rulesOf } from '../rules/index.js';
import { runRules } from '../run-rules.js';
import { TOKEN_FORM } from '../rules/scopes.js';
import type { TokenRequestForm } from './types.js';

/** A token request body: URLSearchParams, the raw urlencoded string, or a record of decoded fields. */
export type TokenFormInput = URLSearchParams | string | TokenRequestForm | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * All values of each form field, whatever form the body came in. Appended in place: a body that
 * repeats one field 30,000 times took 30 s when each repeat copied the list.
 */
function valuesOf(form: TokenFormInput): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (name: string, value: string) => {
    const list = out.get(name);
    if (list) list.push(value);
    else out.set(name, [value]);
  };
  if (typeof form === 'string' || form instanceof URLSearchParams) {
    const params = typeof form === 'string' ? new URLSearchParams(form) : form;
    for (const [name, value] of params) add(name, value);
    return out;
  }
  for (const [name, value] of Object.entries(form)) {
    if (value === undefined) continue;
    const items: readonly unknown[] = Array.isArray(value) ? value : [value];
    for (const item of items) add(name, String(item));
  }
  return out;
}

/** The result of {@link checkTokenForm}: findings, and the assertion when there is exactly one. */
export interface TokenFormResult {
  findings: Finding[];
  assertion?: string;
}

/**
 * Checks the form fields of POST /v2/auth/token with the token-form rule (pointers
 * /form/<field>), and takes out the client assertion when it is given exactly once.
 */
export function checkTokenForm(given: TokenFormInput): TokenFormResult {
  const form: unknown = given;
  // JavaScript callers can pass anything; a body that is not a form is one finding, not a TypeError.
  const notForm = typeof form !== 'string' && (typeof form !== 'object' || form === null) ? (form === null ? 'null' : typeof form) : undefined;
  const fields = notForm === undefined ? valuesOf(given) : new Map<string, string[]>();
  const findings: Finding[] = runRules(rulesOf(TOKEN_FORM), { fields, notForm });
  const assertions = fields.get('client_assertion') ?? [];
  const assertion = assertions.length === 1 && assertions[0] !== '' ? assertions[0] : undefined;
  return assertion === undefined ? { findings } : { findings, assertion };
}
