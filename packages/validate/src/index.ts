import { createRequire } from 'node:module';
import modules from './modules.cjs';

export * from './api.js';

// In Node the generated validators are read from disk, each on first use of its kind (the browser
// entry, src/browser.ts, imports them instead). require keeps validate() synchronous.
const require = createRequire(import.meta.url);
modules.readFromDisk((file) => require(`./generated/validators/${file}`) as Record<string, unknown>);
