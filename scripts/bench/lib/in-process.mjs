// Helpers for the benchmarks that time calls inside one process (the FHIR ones): the repository,
// its example payloads, the @cdx/validate entry users import, and a median timer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { median } from './timing.mjs';

export const root = fileURLToPath(new URL('../../..', import.meta.url));

/** A payload from schemas/examples/valid/ (`fhir-chargeitemcreate`), parsed. */
export const example = (name) => JSON.parse(readFileSync(join(root, 'schemas/examples/valid', `${name}.json`), 'utf8'));

/** @cdx/validate as users get it: the package's exports (one bundled file; needs `pnpm build`). */
export async function importValidate() {
  const manifest = JSON.parse(readFileSync(join(root, 'packages/validate/package.json'), 'utf8'));
  return import(join(root, 'packages/validate', manifest.exports['.'].default));
}

/** Median time of `fn` in ms over `runs` runs of `batch` calls each, after a warm-up. */
export function time(fn, { runs = 15, batch = 1, warm = 3 } = {}) {
  for (let i = 0; i < warm * batch; i++) fn();
  const samples = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    for (let i = 0; i < batch; i++) fn();
    samples.push((performance.now() - start) / batch);
  }
  return median(samples);
}

export const ms = (n) => `${n < 1 ? n.toFixed(3) : n.toFixed(1)} ms`;
