/** Reads all of standard input as bytes. */
export async function readStdinBytes(stream: NodeJS.ReadableStream = process.stdin): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** Reads all of standard input as UTF-8 text. */
export async function readStdin(stream: NodeJS.ReadableStream = process.stdin): Promise<string> {
  return (await readStdinBytes(stream)).toString('utf8');
}
