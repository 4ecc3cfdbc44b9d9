import type * as TS from 'typescript';
import { nodeRequire } from '../../node-require.js';

/** The TypeScript compiler API, as `require('typescript')` returns it. */
export type Ts = typeof TS;

let loaded: Ts | undefined;
let required: NodeJS.Require | undefined;
/** Node's require from here; through nodeRequire, as this module is on the text API's path too. */
const req = () => (required ??= nodeRequire(import.meta.url));

/**
 * typescript is an optional peer dependency: a project that lints only JSON need not install its
 * 24 MB. Thrown when a TypeScript or JavaScript fixture is read without it; the CLI says so once
 * (exit 2) before linting anything.
 */
export class MissingTypescriptError extends Error {
  override name = 'MissingTypescriptError';
  constructor(readonly files: readonly string[] = []) {
    const which =
      files.length === 0 ? 'TypeScript and JavaScript fixtures' : `${files.slice(0, 3).join(', ')}${files.length > 3 ? ` and ${files.length - 3} more` : ''}`;
    super(
      `Reading ${which} needs the typescript package (an optional peer dependency of cdx-lint), and it is not installed. ` +
        'Install it beside cdx-lint: npm install --save-dev typescript (or pnpm add -D typescript), or lint only .json files.',
    );
  }
}

/** Whether `typescript` can be loaded from where cdx-lint is installed, without loading it. */
export function hasTypescript(): boolean {
  if (loaded) return true;
  try {
    req().resolve('typescript');
    return true;
  } catch {
    return false;
  }
}

/**
 * The TypeScript compiler, loaded on first use. Importing it costs 400–750 ms here, so it is
 * never imported statically: a JSON-only run must not pay for it (test/ts-load.test.ts checks
 * that it is not even loaded). `require` through createRequire loads it in about half the time
 * of an ESM import.
 */
export function typescript(): Ts {
  if (loaded) return loaded;
  if (!hasTypescript()) throw new MissingTypescriptError();
  loaded = req()('typescript') as Ts;
  return loaded;
}
