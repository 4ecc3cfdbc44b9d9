/** A custom formatter that cannot be found or loaded, or that fails: a usage error (exit status 2). */
export class FormatterError extends Error {
  override name = 'FormatterError';
}
