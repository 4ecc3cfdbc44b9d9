// The shapes bundle.ts hands to its readers and to the entry index: a module of their own, so
// that bundle-index.ts (which bundle.ts uses) needs nothing back from bundle.ts.

export type Json = Record<string, unknown>;

/** One entry of a bundle, with what the rules read from it. */
export interface EntryView {
  readonly index: number;
  /** `/entry/<index>` */
  readonly pointer: string;
  readonly fullUrl: string | undefined;
  readonly resource: Json | undefined;
  readonly resourceType: string | undefined;
  readonly id: string | undefined;
}
