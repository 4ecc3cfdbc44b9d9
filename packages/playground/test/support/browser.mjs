// What the browser tests and the playground benchmark share: a static server for the built page
// (dist/) on 127.0.0.1, and the machine's Chromium (Debian's `chromium` package; nothing is
// downloaded), driven by playwright-core.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built page: packages/playground/dist. */
export const DIST = resolve(fileURLToPath(new URL('../../dist', import.meta.url)));

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
};

/**
 * Serves `root` read-only on 127.0.0.1 at a free port, as any static host would.
 * @param {string} root
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export function serveStatic(root = DIST) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      done({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((closed) => server.close(() => closed())) });
    });
  });
}

/** Where Chromium is looked for: $CHROMIUM_PATH, then Debian's and other usual places. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** The Chromium executable, or undefined when this machine has none. */
export function findChromium() {
  const given = process.env.CHROMIUM_PATH;
  if (given) return existsSync(given) ? given : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

/**
 * Launches headless Chromium with playwright-core.
 * @param {string} executablePath
 */
export async function launchChromium(executablePath) {
  const { chromium } = await import('playwright-core');
  // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/**
 * Pastes `text` into the page's editor as a user would (a paste event with the text on the clipboard).
 * @param {import('playwright-core').Page} page
 * @param {string} text
 */
export async function paste(page, text) {
  await page.locator('.cm-content').focus();
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    document.querySelector('.cm-content')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}
