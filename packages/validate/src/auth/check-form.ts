import type { Finding } from '../finding.js';
import { quote } from '../finding.js';
import { authFinding } from './rules.js';
import { CLIENT_ASSERTION_TYPE, GRANT_TYPE } from './service.js';

/** A token request body: URLSearchParams, the raw urlencoded string, or a record of decoded fields. */
export type TokenFormInput = URLSearchParams | string | Readonly<Record<string, string | readonly string[] | undefined>>;

const FIELDS = ['grant_type', 'client_assertion_type', 'client_assertion'] as const;

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
 * Checks the form fields of POST /v2/auth/token (rule token-form, pointers /form/<field>): each of
 * grant_type, client_assertion_type and client_assertion present exactly once, with the fixed values.
 */
export function checkTokenForm(form: TokenFormInput): TokenFormResult {
  // JavaScript callers can pass anything; a body that is not a form is one finding, not a TypeError.
  if (typeof form !== 'string' && (typeof form !== 'object' || form === null)) {
    const what = form === null ? 'null' : typeof form;
    return { findings: [authFinding('token-form', '/form', `the token request body is ${what}: send a form with grant_type, client_assertion_type and client_assertion.`)] };
  }
  const values = valuesOf(form);
  const findings: Finding[] = [];
  const expected: Record<(typeof FIELDS)[number], string | undefined> = {
    grant_type: GRANT_TYPE,
    client_assertion_type: CLIENT_ASSERTION_TYPE,
    client_assertion: undefined,
  };
  let assertion: string | undefined;
  for (const field of FIELDS) {
    const pointer = `/form/${field}`;
    const list = values.get(field) ?? [];
    const want = expected[field];
    const fix = want === undefined ? 'the signed JWT' : JSON.stringify(want);
    if (list.length === 0 || (list.length === 1 && list[0] === '')) {
      findings.push(authFinding('token-form', pointer, `form field ${field} is missing: send ${field}=${fix}.`));
    } else if (list.length > 1) {
      findings.push(authFinding('token-form', pointer, `form field ${field} appears ${list.length} times: send it once (${fix}).`));
    } else if (want !== undefined && list[0] !== want) {
      findings.push(authFinding('token-form', pointer, `form field ${field} is ${quote(list[0])}: it must be ${fix}.`));
    } else if (want === undefined) {
      assertion = list[0];
    }
  }
  return assertion === undefined ? { findings } : { findings, assertion };
}
