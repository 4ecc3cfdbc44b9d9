// The playground in a real browser: the built page (dist/, from `pnpm build`) served from
// 127.0.0.1 and driven in headless Chromium (Debian's package, through playwright-core). Under CI
// (CI=true) a missing Chromium or a missing build fails the run; elsewhere these tests are skipped
// with the reason. A screenshot of each state goes to test-results/playground/.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, findChromium, launchChromium, paste, serveStatic } from './support/browser.mjs';

const repo = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const SHOTS = join(repo, 'test-results/playground');
const example = (name: string) => readFileSync(join(repo, 'schemas/examples/valid', name), 'utf8');

const chromium = findChromium();
const built = existsSync(join(DIST, 'index.html'));
const missing = !chromium
  ? 'no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)'
  : !built
    ? 'the playground is not built (pnpm build)'
    : undefined;
const ci = process.env.CI === 'true';
if (missing && !ci) console.warn(`Skipping the playground's browser tests: ${missing}.`);

describe.runIf(missing && ci)('the playground under CI', () => {
  it('has what its browser tests need', () => {
    throw new Error(`The playground's browser tests must run under CI, but ${missing}.`);
  });
});

describe.skipIf(missing !== undefined)('the playground in Chromium', () => {
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof serveStatic>> | undefined;
  let errors: string[];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await serveStatic();
    browser = await launchChromium(chromium!);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A fresh page at `url`, its script errors collected (none is expected). */
  async function open(url = server!.url): Promise<Page> {
    const page = await browser!.newPage({ viewport: { width: 1280, height: 800 } });
    errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    return page;
  }

  /** Waits for the check of the latest change to be shown. */
  async function checked(page: Page): Promise<void> {
    await page.waitForFunction(() => document.body.dataset.state === 'checked');
  }

  async function replaceText(page: Page, text: string): Promise<void> {
    await page.evaluate(() => (document.body.dataset.state = 'editing'));
    await page.locator('.cm-content').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await paste(page, text);
    await checked(page);
  }

  const editorText = (page: Page) => page.evaluate(() => (window as unknown as { playground: { text(): string } }).playground.text());
  const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

  const valid = example('patientadmin-patientmerge.json');
  const typo = valid.replace('"FirstName"', '"FirstNmae"');
  const typoLine = typo.split('\n').findIndex((l) => l.includes('"FirstNmae"')) + 1;

  it('a pasted message with a typo: the finding at its line, with the did-you-mean, squiggled, on hover', async () => {
    const page = await open();
    await replaceText(page, typo);
    const finding = page.locator('#findings li[data-rule="spelling-drift"]');
    await expect.poll(() => finding.count()).toBe(1);
    expect(await finding.getAttribute('data-line')).toBe(String(typoLine));
    expect(await finding.getAttribute('data-pointer')).toBe('/Patient/Demographics/FirstNmae');
    expect(await finding.locator('.message').innerText()).toContain('did you mean FirstName?');
    expect(await finding.locator('a.rule').getAttribute('href')).toMatch(/docs\/rules\/spelling-drift\.md$/);
    expect(await page.locator('#detected').innerText()).toBe('detected: PatientAdmin/PatientMerge');

    const squiggle = page.locator('.cm-lintRange-warning');
    // The squiggle spans the member, as cdx-lint's location does.
    expect(await squiggle.innerText()).toBe('"FirstNmae": "Timothy"');
    await squiggle.hover();
    await expect.poll(() => page.locator('.cm-tooltip-lint').innerText()).toContain('did you mean FirstName?');
    await shot(page, '1-typo-finding');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Fix applies the rename cdx-lint --fix makes: only that key changes, and the finding goes', async () => {
    const page = await open();
    await replaceText(page, typo);
    await page.evaluate(() => (document.body.dataset.state = 'editing'));
    await page.locator('#findings li[data-rule="spelling-drift"] button.fix').click();
    await checked(page);
    expect(await editorText(page)).toBe(valid);
    expect(await page.locator('#findings li').count()).toBe(0);
    expect(await page.locator('#summary').innerText()).toContain('No problems.');
    await shot(page, '2-fixed');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a FHIR bundle with a dangling reference', async () => {
    const page = await open();
    const subject = 'urn:uuid:5c0b2f2e-1f4e-4f5a-8b0e-7a3c9d2e1f01';
    const bundle = example('fhir-chargeitemcreate.json');
    const dangling = bundle.replace(`"reference": "${subject}"`, '"reference": "urn:uuid:00000000-0000-4000-8000-000000000000"');
    expect(dangling).not.toBe(bundle);
    await replaceText(page, dangling);
    const finding = page.locator('#findings li[data-rule="bundle-reference"]');
    await expect.poll(() => finding.count()).toBe(1);
    const line = dangling.split('\n').findIndex((l) => l.includes('00000000-0000-4000-8000-000000000000')) + 1;
    expect(await finding.getAttribute('data-line')).toBe(String(line));
    expect(await finding.getAttribute('data-pointer')).toMatch(/^\/entry\/1\/resource\/subject\/reference$/);
    expect(await page.locator('#detected').innerText()).toBe('detected: fhir/ChargeItemCreate');
    await finding.locator('button.where').click(); // scrolls the editor to it and selects it
    await expect.poll(() => page.locator('.cm-lintRange-error').innerText()).toBe('"reference": "urn:uuid:00000000-0000-4000-8000-000000000000"');
    await shot(page, '3-fhir-dangling-reference');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a shared link restores the payload and the kind picked', async () => {
    const page = await open();
    await replaceText(page, '{ "access_token": "abc", "token_type": "Bearer", "expires_in": "soon" }');
    // The address already links to the text: wait until it also holds the kind (encoded asynchronously).
    await expect.poll(() => page.url()).toMatch(/#s=/);
    const withoutKind = page.url();
    await page.selectOption('#kind', 'auth/TokenResponse');
    await checked(page);
    await expect.poll(() => page.locator('#findings li[data-pointer="/expires_in"]').count()).toBe(1);
    await expect.poll(() => page.url()).not.toBe(withoutKind);
    const link = page.url();
    expect(link).not.toContain('access_token'); // compressed, not readable in the address
    await page.close();

    const restored = await open(link);
    await checked(restored);
    expect(await editorText(restored)).toBe('{ "access_token": "abc", "token_type": "Bearer", "expires_in": "soon" }');
    expect(await restored.locator('#kind').inputValue()).toBe('auth/TokenResponse');
    expect(await restored.locator('#findings li[data-pointer="/expires_in"]').count()).toBe(1);
    await shot(restored, '4-shared-link-restored');
    expect(errors).toEqual([]);
    await restored.close();
  });

  it("the link is encoded in the page's share worker, once for each check shown, and restores the text", async () => {
    const page = await open();
    const text = valid.replace('"Timothy"', '"Tim"');
    await replaceText(page, text);
    await expect.poll(() => page.url()).toMatch(/#s=/);
    const stats = await page.evaluate(() =>
      (window as unknown as { playground: { stats(): { shown: number; links: { encoded: number } } } }).playground.stats(),
    );
    expect(stats.links.encoded).toBe(stats.shown);
    const restored = await open(page.url());
    await checked(restored);
    expect(await editorText(restored)).toBe(text);
    expect(errors).toEqual([]);
    await page.close();
    await restored.close();
  });

  it('highlights JSON up to a large text, and shows a larger one plain (nothing parsed on the main thread)', async () => {
    const page = await open();
    const json = () => page.evaluate(() => (window as unknown as { playground: { highlightsJson(): boolean } }).playground.highlightsJson());
    await replaceText(page, valid);
    expect(await json()).toBe(true);
    const large = JSON.stringify({ ...JSON.parse(valid), padding: 'x'.repeat(250_000) }, null, 2);
    await replaceText(page, large);
    expect(await json()).toBe(false);
    expect(await editorText(page)).toBe(large);
    await replaceText(page, typo);
    expect(await json()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the examples menu loads a JWT and explains it against the settings given', async () => {
    const page = await open();
    await page.evaluate(() => (document.body.dataset.state = 'editing'));
    await page.selectOption('#examples', 'client assertion (JWT)');
    await checked(page);
    expect(await page.locator('#kind').inputValue()).toBe('jwt');
    expect(await page.locator('#jwt-options').isVisible()).toBe(true);
    // The example expired in March 2026; the header's jku is not one this client saved.
    await expect
      .poll(() => page.locator('#findings li').evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.rule)))
      .toEqual(expect.arrayContaining(['jwt-exp', 'jwt-jku']));
    await page.evaluate(() => (document.body.dataset.state = 'editing'));
    await page.fill('#client-id', 'someone-else');
    await checked(page);
    await expect
      .poll(() => page.locator('#findings li[data-rule="jwt-iss-sub"]').evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.pointer)))
      .toEqual(['/payload/iss', '/payload/sub']);
    expect(await page.locator('#decoded').innerText()).toContain('"kid": "cdx-key-2026-03"');
    await shot(page, '5-jwt-explained');
    expect(errors).toEqual([]);
    await page.close();
  });

  /** A compact JWT of these header and claims, with a made-up signature (never verified here). */
  const jwt = (header: object, claims: object) =>
    [header, claims].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.') + '.c2lnbmF0dXJl';
  const shownRules = (page: Page) => page.locator('#findings li').evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.rule));

  it('a JWT with no address to compare aud with: every finding the checker reports, aud explained in words', async () => {
    const { checkClientAssertion } = await import('@cdx/validate/auth');
    const header = { alg: 'HS256', typ: 'JWT' };
    for (const claims of [
      { iss: 'client-a', sub: 'client-b' },
      { iss: 'client-a', sub: 'client-b', aud: 'https://example.com' },
    ]) {
      const token = jwt(header, claims);
      const expected = await checkClientAssertion(token, { clientId: 'client-a', tokenUrl: 'https://cdx.example/v2/auth/token', skipSignature: true });
      const page = await open();
      await page.selectOption('#kind', 'jwt');
      await replaceText(page, token);
      await expect.poll(() => shownRules(page)).toEqual(expected.map((f) => f.ruleId));
      const aud = await page.locator('#findings li[data-rule="jwt-aud"]').innerText();
      expect(aud).toContain('/v2/auth/token');
      expect(aud).not.toMatch(/invalid|https?:\/\/(?!example\.com)/);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
