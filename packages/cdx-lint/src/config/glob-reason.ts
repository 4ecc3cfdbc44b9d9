/** What is wrong, in the glob's terms: picomatch's error quotes the expression it built, which the user never wrote. */
export function picomatchReason(error: unknown): string {
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  // The reason follows the last `: ` (after the expression); a message without one is all reason.
  const colon = message.lastIndexOf(': ');
  const reason = colon === -1 ? message : message.slice(colon + 2);
  if (/unterminated group|unmatched/i.test(reason)) return 'a `{` without its `}`, or a `}` without its `{`';
  return reason.length > 0 && reason.length <= 120 ? `${reason.charAt(0).toLowerCase()}${reason.slice(1)}` : 'picomatch cannot compile it';
}
