// The RuleTester adapter of the auth rules: an input makes a token (or a whole form body) from the
// test keys, which are generated once, on first use; the checker runs with the options the auth
// tests share (client ID, base URL, a JWK set of both keys, a fixed clock) and the input's own.
import { checkClientAssertion, checkTokenRequest, type CheckAssertionOptions, type TokenFormInput } from '../../src/auth/index.js';
import { BASE_URL, CLIENT_ID, makeKey, now, type TestKey } from '../auth/helpers.js';
import { RuleTester } from '@cdx/rule-tester';
import { TESTER_SETTINGS } from './payload-tester.js';

export interface TestKeys {
  es384: TestKey;
  rs384: TestKey;
  /** Another ES384 key under es384's kid: its signatures do not verify. */
  impostor: TestKey;
}

let keys: Promise<TestKeys> | undefined;
const testKeys = () =>
  (keys ??= (async () => {
    const es384 = await makeKey('ES384');
    return { es384, rs384: await makeKey('RS384'), impostor: await makeKey('ES384', es384.kid) };
  })());

export interface AssertionInput {
  /** The assertion (anything, for JavaScript callers' mistakes), or… */
  readonly token?: (keys: TestKeys) => unknown;
  /** …a whole token request form body. */
  readonly form?: (keys: TestKeys) => TokenFormInput | Promise<TokenFormInput>;
  readonly options?: (keys: TestKeys) => Partial<CheckAssertionOptions>;
}

export const assertionTester = new RuleTester<AssertionInput>(async (_rule, input) => {
  const k = await testKeys();
  const options: CheckAssertionOptions = {
    clientId: CLIENT_ID,
    baseUrl: BASE_URL,
    jwks: { keys: [k.es384.publicJwk, k.rs384.publicJwk] },
    now,
    ...input.options?.(k),
  };
  const findings = input.form ? await checkTokenRequest(await input.form(k), options) : await checkClientAssertion((await input.token?.(k)) as string, options);
  return { findings, output: null };
}, TESTER_SETTINGS);
