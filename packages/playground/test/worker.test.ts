// The playground never freezes and runs only its own code: checks run in a Web Worker, a check the
// user has typed past is dropped (its result never shown), and a Content-Security-Policy allows the
// page's own scripts only. Built page in headless Chromium, as playground.test.ts; the main thread's
// long tasks with a 2 MB payload are measured by `pnpm robustness` (scripts/robustness/playground.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, findChromium, launchChromium, paste, serveStatic } from './support/browser.mjs';

const repo = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const example = (name: string) => readFileSync(join(repo, 'schemas/examples/valid', name), 'utf8');
const chromium = findChromium();
const built = existsSync(join(DIST, 'index.html'));

interface Stats {
  checks: number;
  shown: number;
  dropped: number;
}

describe.skipIf(!chromium || !built)('the playground’s checks and policy', () => {
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof serveStatic>> | undefined;

  beforeAll(async () => {
    server = await serveStatic();
    browser = await launchChromium(chromium!);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(): Promise<{ page: Page; errors: string[]; violations: string[]; workers: string[] }> {
    const page = await browser!.newPage();
    const errors: string[] = [];
    const violations: string[] = [];
    const workers: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(server!.url);
    await page.waitForSelector('body[data-ready="true"]');
    return { page, errors, violations, workers };
  }

  const stats = (page: Page) => page.evaluate(() => (window as unknown as { playground: { stats(): Stats } }).playground.stats());

  it('declares a Content-Security-Policy that allows no inline or foreign script, and works under it', async () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    expect(policy).toBeDefined();
    const directives = new Map(
      policy!
        .split(';')
        .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('script-src')).not.toContain("'unsafe-eval'");
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);

    const { page, errors, violations } = await open();
    await paste(page, example('patientadmin-patientmerge.json').replace('"FirstName"', '"FirstNmae"'));
    await expect.poll(() => page.locator('#findings li[data-rule="spelling-drift"]').count()).toBe(1);
    expect(errors).toEqual([]);
    expect(violations).toEqual([]);
    await page.close();
  });

  it('checks in a Web Worker; a check typed past is shown or dropped, the latest shown', async () => {
    const { page, errors, workers } = await open();
    const bundle = example('fhir-chargeitemcreate.json');
    const big = JSON.parse(bundle);
    for (let i = 0; i < 400; i++) big.entry.push(structuredClone(big.entry[2]));
    // A large payload, then at once a small one with a typo: only the small one's findings are shown.
    await paste(page, JSON.stringify(big, null, 2));
    await page.locator('.cm-content').focus();
    await page.keyboard.press('ControlOrMeta+a');
    const typo = example('patientadmin-patientmerge.json').replace('"FirstName"', '"FirstNmae"');
    await paste(page, typo);
    await expect.poll(() => page.locator('#findings li[data-rule="spelling-drift"]').count()).toBe(1);
    await page.waitForFunction(() => document.body.dataset.state === 'checked');
    const after = await stats(page);
    // Whether the large one was still running when the small one came depends on the machine: each
    // check is either shown or dropped (checker.test.ts drops one deterministically), the last shown.
    expect(after.checks).toBeGreaterThanOrEqual(2);
    expect(after.shown + after.dropped).toBe(after.checks);
    expect(after.shown).toBeGreaterThanOrEqual(1);
    expect(workers.some((url) => url.includes('check-worker'))).toBe(true);
    expect(await page.locator('#detected').innerText()).toBe('detected: PatientAdmin/PatientMerge');
    expect(errors).toEqual([]);
    await page.close();
  });
});
