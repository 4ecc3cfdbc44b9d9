import type { KindId } from '@cdx/validate';

/**
 * Where a place in a file's text falls within a payload: what an editor's hover and completion
 * need. Read from text that may be incomplete (it is being typed).
 */
export interface PayloadPosition {
  /** The payload's kind: as its source names it (a TypeScript type), as configured, or detected; null when none fits. */
  kind: KindId | null;
  /** The payload as far as it can be read; the values along `path` decide which schema applies inside a bundle. */
  value: unknown;
  /** From the payload's root to the member or item the place is on (for a member name being typed: that name). */
  path: (string | number)[];
  /** On a member's name (or where one is being written), or on a value. */
  on: 'name' | 'value';
  /** The text the token at the place covers, as offsets [start, end): what a completion replaces. */
  range?: [number, number];
  /** Names already in the object holding the place. */
  siblings: string[];
  /** In a file that can hold several payloads (a TypeScript fixture): the payload's name. */
  payload?: string;
}
