import type { PayloadPosition } from 'cdx-lint';
import { CompletionItemKind, CompletionItemTag, type CompletionItem, type Range } from 'vscode-languageserver';
import { hoverMarkdown } from './hover.js';
import { membersOf, notesOf, schemasAt } from './schemas/navigate.js';
import type { SchemaStore } from './schemas/store.js';

/** How a member name or a value is written in the document's language. */
export interface Syntax {
  name(name: string): string;
  value(value: unknown): string;
}

export const JSON_SYNTAX: Syntax = { name: (n) => JSON.stringify(n), value: (v) => JSON.stringify(v) };
export const CODE_SYNTAX: Syntax = {
  name: (n) => (/^[A-Za-z_$][\w$]*$/.test(n) ? n : `'${n.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`),
  value: (v) => (typeof v === 'string' ? `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : JSON.stringify(v)),
};

/**
 * Completion at a place in a payload, from the detected kind's schema: on a member name, the
 * members the object's schemas define that it does not have yet (required first, known variant
 * spellings last and struck out); on a value, its `enum`/`const` values and booleans.
 */
export function completion(store: SchemaStore, position: PayloadPosition, syntax: Syntax, replace: Range | undefined): CompletionItem[] {
  if (position.kind === null) return [];
  const root = store.kind(position.kind);
  if (!root) return [];
  const edit = (text: string) => (replace ? { textEdit: { range: replace, newText: text } } : { insertText: text });
  if (position.on === 'name') {
    const objectPath = position.path.slice(0, -1);
    const holder = objectPath.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), position.value);
    const ats = schemasAt(store, root, position.value, objectPath);
    const taken = new Set(position.siblings);
    return membersOf(store, ats, holder)
      .filter((m) => !taken.has(m.name))
      .map((m): CompletionItem => {
        const notes = notesOf(m.ats);
        const item: CompletionItem = {
          label: m.name,
          kind: CompletionItemKind.Property,
          detail: `${notes.types.join(' | ') || 'any'}${m.required ? ' (required)' : ''}`,
          documentation: { kind: 'markdown', value: hoverMarkdown([...objectPath, m.name], notes, position.kind!, root.schema.cdxBeta === true) },
          sortText: `${notes.variantOf ? 2 : m.required ? 0 : 1}${m.name}`,
          filterText: syntax.name(m.name),
          ...edit(syntax.name(m.name)),
        };
        if (notes.variantOf) item.tags = [CompletionItemTag.Deprecated];
        return item;
      });
  }
  const notes = notesOf(schemasAt(store, root, position.value, position.path));
  const values = [...notes.values];
  if (notes.types.includes('boolean')) for (const b of [true, false]) if (!values.includes(b)) values.push(b);
  return values.map((v, i): CompletionItem => ({
    label: syntax.value(v),
    kind: CompletionItemKind.EnumMember,
    sortText: String(i).padStart(4, '0'),
    ...edit(syntax.value(v)),
  }));
}
