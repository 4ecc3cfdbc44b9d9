import type { PayloadPosition } from 'cdx-lint';
import type { Hover, MarkupContent } from 'vscode-languageserver';
import { notesOf, schemasAt, type Notes } from './schemas/navigate.js';
import type { SchemaStore } from './schemas/store.js';

/** A path as the linter's messages write it: `Patient.Identifiers[0].ID`. */
export function fieldPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number' || /^\d+$/.test(key)) out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out || '(the payload)';
}

/** The hover's text: the field, its type, then the schema's description and the spec's notes about it. */
export function hoverMarkdown(path: readonly (string | number)[], notes: Notes, kind: string, kindBeta = false): string {
  const type = notes.types.length > 0 ? ` · ${notes.types.join(' | ')}${notes.format ? ` (${notes.format})` : ''}` : '';
  const lines = [`**\`${fieldPath(path)}\`**${type} — ${kind}`];
  if (notes.description) lines.push('', notes.description);
  const facts: string[] = [];
  if (notes.label) facts.push(`Label: ${notes.label} (the label the spec attaches to this field)`);
  if (notes.beta) facts.push('Beta: the spec labels this field beta.');
  else if (kindBeta) facts.push(`Beta: the spec labels ${kind} beta.`);
  if (notes.noDataOnDemand) facts.push('Not supported with data on demand: a data-on-demand query must not use it.');
  if (notes.variantOf) facts.push(`Known variant spelling of \`${notes.variantOf}\`: write \`${notes.variantOf}\` (spelling-drift).`);
  if (notes.values.length > 0 && notes.values.length <= 30) facts.push(`Values: ${notes.values.map((v) => `\`${JSON.stringify(v)}\``).join(', ')}`);
  if (facts.length > 0) lines.push('', ...facts.map((f) => `- ${f}`));
  return lines.join('\n');
}

/**
 * Hover on a member name or value: what the detected kind's schema says of it. Undefined outside a
 * payload, for a payload of no kind, and for a member no schema defines.
 */
export function hover(store: SchemaStore, position: PayloadPosition, range: Hover['range']): Hover | undefined {
  if (position.kind === null) return undefined;
  const root = store.kind(position.kind);
  const path = position.path.filter((key) => key !== '');
  if (!root || path.length === 0 || path.length !== position.path.length) return undefined;
  const ats = schemasAt(store, root, position.value, path);
  if (ats.length === 0) return undefined;
  const contents: MarkupContent = { kind: 'markdown', value: hoverMarkdown(path, notesOf(ats), position.kind, root.schema.cdxBeta === true) };
  return range ? { contents, range } : { contents };
}
