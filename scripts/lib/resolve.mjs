// @ts-check
// Resolves $refs by $id, never by network or by guessing file paths: every https://schemas.cdx.dev/
// address maps to the schema loaded from schemas/ under that $id.
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { ID_BASE } from './schemas.mjs';

/** @typedef {import('./schemas.mjs').Entry} Entry */

/**
 * A ref-parser resolver that serves the loaded schemas by $id and refuses everything else.
 * @param {Entry[]} entries
 */
function idResolver(entries) {
  const byId = new Map(entries.map((e) => [e.id, e.schema]));
  return {
    order: 1,
    canRead: true,
    /** @param {{ url: string }} file */
    read(file) {
      const url = file.url.split('#')[0] ?? '';
      const schema = byId.get(url);
      if (!schema) {
        throw new Error(`$ref to ${url} does not name a schema under ${ID_BASE} (refs never leave schemas/)`);
      }
      return JSON.stringify(schema);
    },
  };
}

/**
 * Fully dereferenced copy of one schema (circular references stay circular, as shared objects).
 * Sibling keywords of a $ref are kept: ref-parser merges them with the target.
 * @param {Entry} entry
 * @param {Entry[]} entries
 * @returns {Promise<any>}
 */
export async function dereference(entry, entries) {
  const parser = new $RefParser();
  return parser.dereference(entry.id, structuredClone(entry.schema), {
    resolve: { cdx: idResolver(entries), file: false, http: false, external: true },
    dereference: { circular: true },
  });
}

/**
 * The target of a $ref written in the schema with the given $id: its entry and JSON pointer.
 * @template {{ id: string, schema: any }} E
 * @param {string} ref
 * @param {string} baseId
 * @param {E[]} entries
 * @returns {{ entry: E, target: any, fragment: string }}
 */
export function resolveRef(ref, baseId, entries) {
  const url = new URL(ref, baseId);
  const fragment = decodeURIComponent(url.hash.replace(/^#/, ''));
  url.hash = '';
  const entry = entries.find((e) => e.id === url.href);
  if (!entry) throw new Error(`${baseId}: $ref ${ref} does not name a schema under ${ID_BASE}`);
  let target = entry.schema;
  for (const token of fragment.split('/').slice(1)) {
    target = target?.[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (target === undefined) throw new Error(`${baseId}: $ref ${ref} points at nothing`);
  return { entry, target, fragment };
}
