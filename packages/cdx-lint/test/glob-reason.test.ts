// What the config error says of a glob picomatch refuses: the reason picomatch gives, in the glob's
// terms (the expression it built is never shown).
import { describe, expect, it } from 'vitest';
import { picomatchReason } from '../src/config/glob-reason.js';

describe('picomatchReason', () => {
  it('keeps what follows the last `: ` of picomatch`s first line, lower-cased', () => {
    expect(picomatchReason(new SyntaxError('Invalid regular expression: /^(?:[z-a])$/: Range out of order in character class'))).toBe(
      'range out of order in character class',
    );
  });

  it('keeps a whole message without `: `, first letter and all', () => {
    expect(picomatchReason(new Error('Expected pattern to be a non-empty string'))).toBe('expected pattern to be a non-empty string');
    expect(picomatchReason('Bad pattern')).toBe('bad pattern');
  });

  it('names an unbalanced brace in the glob`s terms, and never echoes a long reason', () => {
    expect(picomatchReason(new SyntaxError('Invalid regular expression: /^(?:{a)$/: Unterminated group'))).toBe(
      'a `{` without its `}`, or a `}` without its `{`',
    );
    expect(picomatchReason(new Error(`x: ${'y'.repeat(121)}`))).toBe('picomatch cannot compile it');
    expect(picomatchReason(new Error('x: '))).toBe('picomatch cannot compile it');
  });
});
