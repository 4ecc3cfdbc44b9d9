// @ts-check
// Emits docs/reference/: one Markdown page per schema file with its fields in a table
// (path, type, required, label, beta, data on demand, notes). Members of shared definitions in
// other files link to those pages instead of being repeated.
import { posix } from 'node:path';
import { MATURITY_TITLES } from './hooks.mjs';
import { resolveRef } from './resolve.mjs';

/** @typedef {import('./schemas.mjs').Entry} Entry */
/** @typedef {Record<string, any>} Schema */

const HEADER = '| path | type | required | label | beta | data on demand | notes |';
const RULE = '|---|---|---|---|---|---|---|';
const docPath = (/** @type {Entry} */ entry) => entry.rel.replace(/\.schema\.json$/, '.md');
const cell = (/** @type {unknown} */ text) =>
  (typeof text === 'string' ? text : text === undefined || text === null ? '' : JSON.stringify(text)).replace(/\|/g, '\\|').replace(/\s*\n+\s*/g, ' ');

/**
 * Own members plus those merged in through allOf (and in-file or external $refs inside it).
 * @param {Schema} schema
 * @param {Entry} entry
 * @param {Entry[]} entries
 * @param {Set<unknown>} [seen]
 * @returns {{ props: Map<string, { sub: Schema, entry: Entry }>, required: Set<string> }}
 */
function membersOf(schema, entry, entries, seen = new Set()) {
  /** @type {Map<string, { sub: Schema, entry: Entry }>} */
  const props = new Map();
  /** @type {Set<string>} */
  const required = new Set(schema.required ?? []);
  for (const [name, sub] of Object.entries(schema.properties ?? {})) props.set(name, { sub, entry });
  for (const part of schema.allOf ?? []) {
    let target = part;
    let owner = entry;
    if (part.$ref) {
      const resolved = resolveRef(part.$ref, entry.id, entries);
      if (seen.has(resolved.target)) continue;
      seen.add(resolved.target);
      target = resolved.target;
      owner = resolved.entry;
    }
    const inner = membersOf(target, owner, entries, seen);
    for (const [name, value] of inner.props) if (!props.has(name)) props.set(name, value);
    for (const name of inner.required) required.add(name);
  }
  return { props, required };
}

/**
 * The type column: a link to another page, a constant, a value set or JSON types.
 * @param {Schema} schema
 * @param {Entry} entry
 * @param {Entry[]} entries
 * @param {string} from the page it goes on
 * @returns {string}
 */
function typeText(schema, entry, entries, from) {
  if (schema.$ref && !schema.$ref.startsWith('#')) {
    const { entry: target, target: sub, fragment } = resolveRef(schema.$ref, entry.id, entries);
    const name = fragment ? (sub.title ?? fragment.split('/').pop()) : target.schema.title;
    return `[${name}](${posix.relative(posix.dirname(from), docPath(target))})`;
  }
  if (schema.$ref) return typeText(resolveRef(schema.$ref, entry.id, entries).target, entry, entries, from);
  if ('const' in schema) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((/** @type {unknown} */ v) => `\`${JSON.stringify(v)}\``).join(' \\| ');
  /** @type {string[]} */
  const types = [schema.type ?? (schema.properties ? 'object' : schema.allOf ? 'object' : 'any')].flat();
  const parts = types.map((t) => {
    if (t === 'array' && schema.items) return `array of ${typeText(schema.items, entry, entries, from)}`;
    if (t === 'string' && schema.format) return `string (${schema.format})`;
    return t;
  });
  return parts.join(' \\| ');
}

/**
 * A member's notes: what its annotations say, then its description.
 * @param {Schema} sub
 */
function notes(sub) {
  const marks = [
    sub.cdxVariantOf ? `Known variant of \`${sub.cdxVariantOf}\` (reported as spelling-drift).` : '',
    sub.cdxPrefetchToken ? 'Prefetch token: {{context.<name>}} in a prefetch template.' : '',
    sub.deprecated ? 'Deprecated.' : '',
  ];
  return [...marks, sub.description ?? ''].filter(Boolean).join(' ');
}

/**
 * The maturity of a CDS Hooks hook's request kind, as the hook library gives it.
 * @param {any} hook
 */
function hookLine(hook) {
  if (!hook) return '';
  const deprecated = hook.replacedBy ? `; deprecated in favour of ${hook.replacedBy.join(' and ')}` : '';
  return ` — hook version ${hook.hookVersion} (CDS Hooks ${hook.specificationVersion}), maturity ${hook.maturity} - ${MATURITY_TITLES[hook.maturity]}${deprecated}`;
}

/**
 * The table rows of a schema's members, nested members under their paths.
 * @param {Schema} schema
 * @param {Entry} entry
 * @param {Entry[]} entries
 * @param {string} from
 * @param {string} path
 * @param {Set<string>} required
 * @param {string[]} out
 * @param {number} depth
 * @returns {string[]}
 */
function rows(schema, entry, entries, from, path, required, out, depth) {
  const { props, required: req } = membersOf(schema, entry, entries);
  for (const [name, { sub, entry: owner }] of props) {
    const here = path ? `${path}.${name}` : name;
    const resolvedSub = sub.$ref?.startsWith('#') ? resolveRef(sub.$ref, owner.id, entries).target : sub;
    out.push(
      `| \`${cell(here)}\` | ${typeText(sub, owner, entries, from)} | ${req.has(name) ? 'yes' : ''} | ${sub.cdxLabel ?? ''} | ${sub.cdxBeta ? 'beta' : ''} | ${sub.cdxNoDataOnDemand ? 'not supported' : ''} | ${cell(notes(sub))} |`,
    );
    if (depth > 12 || (sub.$ref && !sub.$ref.startsWith('#'))) continue;
    const items = resolvedSub.items?.$ref?.startsWith('#') ? resolveRef(resolvedSub.items.$ref, owner.id, entries).target : resolvedSub.items;
    if (items && !items.$ref && (items.properties || items.allOf)) rows(items, owner, entries, from, `${here}[]`, required, out, depth + 1);
    else if (resolvedSub.properties || resolvedSub.allOf) rows(resolvedSub, owner, entries, from, here, required, out, depth + 1);
  }
  return out;
}

/**
 * @param {Entry[]} entries
 * @param {string} banner
 * @returns {Map<string, string>} path relative to docs/reference → Markdown
 */
export function emitDocs(entries, banner) {
  /** @type {Map<string, string>} */
  const files = new Map();
  const index = [banner, '', '# Schema reference', '', '| schema | kind | description |', '|---|---|---|'];
  for (const entry of entries) {
    const from = docPath(entry);
    const { schema } = entry;
    const table = rows(schema, entry, entries, from, '', new Set(), [], 0);
    const defs = Object.values(schema.$defs ?? {})
      .filter((/** @type {Schema} */ def) => def.title && (def.properties ?? def.allOf))
      .flatMap((/** @type {Schema} */ def) => [
        '',
        `## ${def.title}`,
        '',
        def.description ?? '',
        '',
        HEADER,
        RULE,
        ...rows(def, entry, entries, from, '', new Set(), [], 0),
      ]);
    const page = [
      banner,
      '',
      `# ${schema.title}`,
      '',
      schema.description,
      '',
      `- Schema: \`schemas/${entry.rel}\` (\`$id\` ${schema.$id})`,
      ...(schema.cdxKind
        ? [
            `- Kind: \`${schema.cdxKind}\`${schema.cdxQuery ? ' (synchronous query)' : ''}${schema.cdxUnpublished ? ' (payload not published: only the Meta envelope is checked)' : ''}${schema.cdxBeta ? ' — beta' : ''}${hookLine(schema.cdxHook)}`,
          ]
        : []),
      `- TypeScript: \`import type { ${schema.title} } from '@cdx/types'\``,
      '',
      ...(table.length > 0 ? [HEADER, RULE, ...table] : defs.length > 0 ? [] : [`Type: ${typeText(schema, entry, entries, from)}`]),
      ...defs,
      '',
    ];
    files.set(from, page.join('\n'));
    index.push(`| [${schema.title}](${from}) | ${schema.cdxKind ? `\`${schema.cdxKind}\`` : ''} | ${cell(schema.description)} |`);
  }
  files.set('README.md', `${index.join('\n')}\n`);
  return files;
}
