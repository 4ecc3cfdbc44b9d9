import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { KindId } from '@cdx/validate';

/** What one exchange leaves on disk. */
export interface Exchange {
  seq: number;
  method: string;
  path: string;
  status: number;
  /** The request body as text: as sent for JSON, as a JSON record of arrays for a form. */
  request?: { text: string; kind?: KindId | null };
  response?: { body: unknown; kind?: KindId };
}

/** `text` without the dashes it starts and ends with (a loop: linear on any run of dashes). */
function trimDashes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '-') start++;
  while (end > start && text[end - 1] === '-') end--;
  return text.slice(start, end);
}

/** `/fhir/R4/a/b/Patient/_search` → `Patient-_search`: a file-name-safe tail of the path. */
function slug(path: string): string {
  const tail = path.replace(/^\/fhir\/R4\/[^/]+\/[^/]+\//, '').replace(/^\//, '');
  const safe = trimDashes(tail.replace(/[^A-Za-z0-9_$.-]+/g, '-'));
  return (safe === '' ? 'root' : safe).slice(0, 80);
}

/**
 * Writes each exchange into a directory cdx-lint can lint as it is: the request body and (when it is a
 * payload of the service) the answer as `<seq>-<path>.request.json` / `.response.json`, a
 * cdx-lint.config.json naming the kind of every file whose kind the route knew (auth bodies and search
 * forms cannot be detected), and `exchanges.jsonl`, one line per exchange with its status.
 */
export class Recorder {
  private readonly kinds: Record<string, string> = {};
  private queue: Promise<void>;

  constructor(private readonly dir: string) {
    this.queue = mkdir(dir, { recursive: true }).then(() => undefined);
  }

  record(exchange: Exchange): void {
    const base = `${String(exchange.seq).padStart(5, '0')}-${slug(exchange.path)}`;
    const files: { name: string; text: string; kind?: KindId | null }[] = [];
    if (exchange.request !== undefined) files.push({ name: `${base}.request.json`, ...exchange.request });
    const { response } = exchange;
    if (response?.kind !== undefined) files.push({ name: `${base}.response.json`, text: `${JSON.stringify(response.body, null, 2)}\n`, kind: response.kind });
    for (const file of files) if (typeof file.kind === 'string') this.kinds[file.name] = file.kind;
    const line = { seq: exchange.seq, method: exchange.method, path: exchange.path, status: exchange.status, files: files.map((f) => f.name) };
    const config = `${JSON.stringify({ kinds: this.kinds, ignores: ['cdx-lint.config.json'] }, null, 2)}\n`;
    this.queue = this.queue.then(async () => {
      for (const file of files) await writeFile(join(this.dir, file.name), file.text);
      await appendFile(join(this.dir, 'exchanges.jsonl'), `${JSON.stringify(line)}\n`);
      await writeFile(join(this.dir, 'cdx-lint.config.json'), config);
    });
  }

  /** Resolves when everything recorded so far is on disk. */
  flush(): Promise<void> {
    return this.queue;
  }
}
