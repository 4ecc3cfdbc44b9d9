// Emits @cdx/validate's generated half: one CommonJS module per kind holding the precompiled ajv
// validator and the kind's shape, loaded on first use, and a registry listing every kind.
import standaloneCode from 'ajv/dist/standalone/index.js';
import { buildShape } from './shape.mjs';
import { dereference } from './resolve.mjs';
import { STRICT_BASE } from './strict.mjs';

/** @returns {Promise<Map<string, string>>} path relative to packages/validate/src/generated → contents */
export async function emitValidators(ajv, entries, kinds, banner) {
  const files = new Map();
  for (const kind of kinds) {
    const code = standaloneCode.default(ajv, { validate: kind.entry.id, strict: STRICT_BASE + kind.entry.rel });
    const shape = buildShape(await dereference(kind.entry, entries));
    files.set(
      `validators/${kind.slug}.cjs`,
      `${banner}\n${code}\nexports.shape = ${JSON.stringify(shape)};\n`,
    );
  }
  const registry = [
    banner,
    "import type { KindInfo } from '../kind-info.js';",
    '',
    '/** Every kind, in schema path order. `module` names its file under generated/validators/. */',
    'export const KINDS = [',
    ...kinds.map((k) => {
      const info = {
        id: k.id,
        family: k.family,
        title: k.title,
        schemaId: k.entry.id,
        module: `${k.slug}.cjs`,
        query: Boolean(k.entry.schema.cdxQuery),
        beta: Boolean(k.entry.schema.cdxBeta),
        ...(k.entry.schema.cdxDetect ? { detect: k.entry.schema.cdxDetect } : {}),
      };
      return `  ${JSON.stringify(info)},`;
    }),
    '] as const satisfies readonly KindInfo[];',
    '',
  ];
  files.set('kinds.ts', registry.join('\n'));
  return files;
}
