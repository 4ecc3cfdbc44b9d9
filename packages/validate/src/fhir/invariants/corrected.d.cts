// The types of corrected.cjs.

declare const corrected: Readonly<Record<string, { readonly expression: string; readonly why: string }>>;
export = corrected;
