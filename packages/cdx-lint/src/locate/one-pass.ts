// One pass over JSON text that JSON.parse has accepted, with skip.ts's moves: strings jumped by a
// native search, no recursion, a member's name decoded and a pointer built only when a visitor asks.
// The strict token walk (walker.ts) must also explain every way text can be wrong; on valid text this
// is several times cheaper (the duplicate-name search and the whole-decimal search use it).
import { pointerToken } from './pointer.js';
import { memberName, skipSpace, stringEnd, valueEnd } from './skip.js';

/** What a pass tells its visitor. Empty objects and arrays are passed over without a word. */
export interface OnePassVisitor {
  /** An object or array with something in it opens. */
  open?(object: boolean): void;
  /** The innermost open container closes. */
  close?(): void;
  /** A member name token `[at, end)` (quotes included) of the innermost object; `depth` counts the open containers. */
  member?(at: number, end: number, depth: number): void;
  /** A number, `true`, `false` or `null` token `[at, end)`; strings are jumped over unseen. */
  scalar?(at: number, end: number): void;
}

export class OnePass {
  /** For each open container: the member name's offset (an object) or the item's index (an array, as -1 - index). */
  readonly #slots: number[] = [];
  /** For each open container, beside `#slots`: where an object's current member name ends (an array's entry is never read). */
  readonly #ends: number[] = [];

  constructor(private readonly text: string) {}

  /** The JSON Pointer of the member or item the pass is at. */
  pointer(): string {
    let out = '';
    for (let i = 0; i < this.#slots.length; i++) {
      const slot = this.#slots[i]!;
      out += `/${slot < 0 ? String(-1 - slot) : pointerToken(memberName(this.text, slot, this.#ends[i]!))}`;
    }
    return out;
  }

  run(visitor: OnePassVisitor): void {
    const { text } = this;
    const slots = this.#slots;
    const ends = this.#ends;
    /** At a member name: records it and returns where its value starts. */
    const member = (at: number): number => {
      const end = stringEnd(text, at);
      slots[slots.length - 1] = at;
      ends[ends.length - 1] = end;
      visitor.member?.(at, end, slots.length);
      return skipSpace(text, skipSpace(text, end) + 1);
    };
    let at = skipSpace(text, 0);
    for (;;) {
      const first = text.charCodeAt(at);
      if (first === 123 || first === 91) {
        const inner = skipSpace(text, at + 1);
        if (text.charCodeAt(inner) !== (first === 123 ? 125 : 93)) {
          slots.push(-1);
          ends.push(0);
          visitor.open?.(first === 123);
          at = first === 123 ? member(inner) : inner;
          continue;
        }
        at = inner + 1;
      } else if (first === 34) at = stringEnd(text, at);
      else {
        const end = valueEnd(text, at);
        visitor.scalar?.(at, end);
        at = end;
      }
      // After a value: the next member or item, or the end of containers.
      for (;;) {
        if (slots.length === 0) return;
        at = skipSpace(text, at);
        if (text.charCodeAt(at) === 44) {
          const top = slots.length - 1;
          const next = skipSpace(text, at + 1);
          if (slots[top]! < 0) {
            slots[top]!--;
            at = next;
          } else at = member(next);
          break;
        }
        slots.pop();
        ends.pop();
        visitor.close?.();
        at++;
      }
    }
  }
}
