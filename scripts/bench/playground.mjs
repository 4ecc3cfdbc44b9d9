#!/usr/bin/env node
// The playground's budgets, in headless Chromium (Debian's package, driven by playwright-core) on
// the built page (packages/playground/dist, after `pnpm build`) served from 127.0.0.1:
//
// - initial JavaScript: every script the page loads before a payload is checked, gzipped
//   (level 6, as static hosts serve it): budget ≤ 300 KB;
// - the first check of a FHIR bundle: from the paste to the findings shown (the page's own
//   timer, body[data-paste-to-findings-ms]), each run in a fresh browser context (empty cache):
//   budget ≤ 500 ms. Two bundles: the ChargeItemCreate example as it is (valid: the strict twins
//   only) and with a dangling reference (invalid: the exact validators and field maps load too).
//
// Not a test: prints numbers for docs/performance.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { DIST, findChromium, launchChromium, paste, serveStatic } from '../../packages/playground/test/support/browser.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = 9;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const executable = findChromium();
if (!executable) {
  console.error('playground bench: no Chromium (apt-get install chromium, or set CHROMIUM_PATH).');
  process.exit(1);
}
const server = await serveStatic();
const browser = await launchChromium(executable);

/** A fresh context and page, ready; the scripts it requested so far. */
async function freshPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
  return { context, page, scripts };
}

try {
  const { context, scripts } = await freshPage();
  const sizes = scripts.map((path) => {
    const bytes = readFileSync(join(DIST, decodeURIComponent(path)));
    return { path, raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
  });
  const gzip = sizes.reduce((sum, s) => sum + s.gzip, 0);
  const raw = sizes.reduce((sum, s) => sum + s.raw, 0);
  console.log(`initial JavaScript (${sizes.length} files before a payload is checked): ${kb(gzip)} gzipped, ${kb(raw)} raw (budget ≤ 300 KB gzipped: ${gzip <= 300 * 1024 ? 'ok' : 'MISSED'})`);
  for (const s of sizes) console.log(`  ${s.path}  ${kb(s.gzip)} gzipped`);
  await context.close();

  const valid = readFileSync(join(root, 'schemas/examples/valid/fhir-chargeitemcreate.json'), 'utf8');
  const invalid = valid.replace('"reference": "urn:uuid:5c0b2f2e-1f4e-4f5a-8b0e-7a3c9d2e1f01"', '"reference": "urn:uuid:00000000-0000-4000-8000-000000000000"');
  for (const [name, text] of [['valid ChargeItemCreate bundle', valid], ['the same with a dangling reference', invalid]]) {
    const times = [];
    const loaded = [];
    for (let run = 0; run < RUNS; run++) {
      const { context, page, scripts } = await freshPage();
      const before = scripts.length;
      await paste(page, text);
      await page.waitForFunction(() => document.body.dataset.pasteToFindingsMs !== undefined);
      times.push(Number(await page.evaluate(() => document.body.dataset.pasteToFindingsMs)));
      loaded.push(scripts.length - before);
      await context.close();
    }
    const worst = Math.max(...times);
    console.log(
      `first check of a FHIR bundle, paste → findings (${name}; ${loaded[0]} chunks loaded): median ${median(times).toFixed(0)} ms, ` +
        `max ${worst.toFixed(0)} ms over ${RUNS} fresh pages (budget ≤ 500 ms: ${worst <= 500 ? 'ok' : 'MISSED'})`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
