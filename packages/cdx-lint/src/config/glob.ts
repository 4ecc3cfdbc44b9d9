/**
 * Globs of the config (`ignores`, `kinds`, `overrides[].files`), matched against paths relative
 * to the config's directory with `/` separators. Kept here (about 60 lines) rather than pulling
 * in a matcher: node's `path.matchesGlob` still prints an experimental warning on Node 20.
 *
 * - `*` any characters within a segment, `?` one, `[abc]`/`[!abc]` a class, `{a,b}` alternatives;
 * - `**` any number of whole segments;
 * - a glob without `/` matches a file or directory name at any depth, as in .gitignore;
 * - a glob that matches a directory matches everything inside it.
 */
export type GlobMatcher = (relativePath: string) => boolean;

function escape(char: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char;
}

/** Converts glob text from `i` up to one of `stops` (for brace alternatives); returns [regex, next index]. */
function convert(glob: string, i: number, stops: string): [string, number] {
  let out = '';
  while (i < glob.length && !stops.includes(glob[i]!)) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      const atStart = i === 0 || glob[i - 1] === '/';
      const slashAfter = glob[i + 2] === '/';
      if (atStart && slashAfter) {
        out += '(?:[^/]*(?:/|$))*';
        i += 3;
      } else {
        out += '.*';
        i += 2;
      }
    } else if (c === '*') {
      out += '[^/]*';
      i++;
    } else if (c === '?') {
      out += '[^/]';
      i++;
    } else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close === -1) {
        out += '\\[';
        i++;
        continue;
      }
      const body = glob.slice(i + 1, close).replace(/\\/g, '\\\\');
      out += body.startsWith('!') ? `[^/${body.slice(1)}]` : `[${body}]`;
      i = close + 1;
    } else if (c === '{') {
      const alternatives: string[] = [];
      let j = i + 1;
      for (;;) {
        const [part, next] = convert(glob, j, stops.includes('}') ? stops : `${stops},}`);
        alternatives.push(part);
        j = next + 1;
        if (glob[next] !== ',') break;
      }
      out += `(?:${alternatives.join('|')})`;
      i = j;
    } else if (c === '\\' && i + 1 < glob.length) {
      out += escape(glob[i + 1]!);
      i += 2;
    } else {
      out += escape(c);
      i++;
    }
  }
  return [out, i];
}

/** Compiles a glob; see the module comment for the syntax. */
export function compileGlob(glob: string): GlobMatcher {
  let source = glob.replace(/^\.\//, '');
  if (source.endsWith('/')) source = source.slice(0, -1);
  const anyDepth = !source.includes('/');
  const [body] = convert(source, 0, '');
  const regex = new RegExp(`^${anyDepth ? '(?:.*/)?' : ''}${body}$`);
  return (path) => {
    if (regex.test(path)) return true;
    // A matching directory covers its contents.
    for (let slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
      if (regex.test(path.slice(0, slash))) return true;
    }
    return false;
  };
}

/** One matcher for several globs. */
export function compileGlobs(globs: readonly string[]): GlobMatcher {
  const matchers = globs.map(compileGlob);
  return (path) => matchers.some((m) => m(path));
}
