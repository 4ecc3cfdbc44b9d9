// @ts-check
// What the registry says of a CDS Hooks request kind: the hook's name, version, maturity and the
// context fields its prefetch templates may use. Read from the hook's schema (schemas/cdshooks/hooks/):
// the root annotation `cdxHook` (the metadata table of the hook's page) and `cdxPrefetchToken` on
// the context fields whose "Prefetch Token" column says Yes.
import { resolveRef } from './resolve.mjs';

/** @typedef {import('./schemas.mjs').Entry} Entry */

/** The CDS Hooks maturity model's titles, by level (specification, "Hook Maturity Model"). */
export const MATURITY_TITLES = ['Draft', 'Submitted', 'Tested', 'Considered', 'Documented', 'Mature', 'Normative'];

/**
 * Every member schema of an object schema, through `$ref` and `allOf`.
 * @param {any} schema
 * @param {string} baseId the $id the schema's refs are relative to
 * @param {Entry[]} entries
 * @returns {Map<string, any>}
 */
function membersOf(schema, baseId, entries) {
  const out = new Map();
  const visit = (/** @type {any} */ node, /** @type {string} */ base) => {
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string') {
      const { entry, target } = resolveRef(node.$ref, base, entries);
      visit(target, entry.id);
    }
    for (const [name, sub] of Object.entries(node.properties ?? {})) if (!out.has(name)) out.set(name, sub);
    for (const part of node.allOf ?? []) visit(part, base);
  };
  visit(schema, baseId);
  return out;
}

/**
 * @param {Entry} entry a hook's request schema (it has `cdxHook`)
 * @param {Entry[]} entries
 */
export function hookInfo(entry, entries) {
  const { schema } = entry;
  const meta = schema.cdxHook;
  const name = schema.properties?.hook?.const;
  if (typeof name !== 'string') throw new Error(`${entry.rel}: a hook's request has \`hook\` with its name as const`);
  const maturity = meta.maturity;
  if (!Number.isInteger(maturity) || !MATURITY_TITLES[maturity]) throw new Error(`${entry.rel}: cdxHook.maturity is a level from 0 to 6`);
  const context = membersOf(schema.properties?.context, entry.id, entries);
  // The hook's own fields: not the reserved `extension`, nor a pre-1.0 name kept to be reported.
  const fields = [...context].filter(([field, sub]) => field !== 'extension' && sub.deprecated !== true);
  const prefetchTokens = fields.filter(([, sub]) => sub.cdxPrefetchToken === true).map(([field]) => field);
  return {
    name,
    version: meta.hookVersion,
    specificationVersion: meta.specificationVersion,
    maturity,
    maturityTitle: MATURITY_TITLES[maturity],
    ...(meta.replacedBy ? { replacedBy: meta.replacedBy } : {}),
    ...(meta.userTypes ? { userTypes: meta.userTypes } : {}),
    contextFields: fields.map(([field]) => field),
    prefetchTokens,
  };
}
