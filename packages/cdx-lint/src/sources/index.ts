import { formReader } from './form.js';
import { jsonReader } from './json.js';
import type { SourceReader } from './reader.js';
import { codeReaders } from './ts/reader.js';

export type { ReadOutcome, SourceDocument, SourceReader } from './reader.js';

/** Every reader, by the extensions it claims. */
const READERS: readonly SourceReader[] = [jsonReader, formReader, ...codeReaders];

/** A path's extension, lower-cased, as path.extname finds it (`.json`, `''` for none or a dotfile). */
function extensionOf(filePath: string): string {
  const name = filePath.slice(Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * The reader for a file. Files named explicitly with an extension no reader claims (say a
 * `.json5` fixture passed on the command line) are read as JSON, which reports what is wrong.
 */
export function readerFor(filePath: string): SourceReader {
  // The usual case, without path.extname (a few ms over thousands of files).
  if (filePath.endsWith('.json')) return jsonReader;
  const extension = extensionOf(filePath);
  return READERS.find((r) => r.extensions.includes(extension)) ?? jsonReader;
}
