// The types of modules.cjs.

declare class NotPreparedError extends Error {
  /** The module's path under generated/validators/. */
  readonly file: string;
}

declare const modules: {
  NotPreparedError: typeof NotPreparedError;
  load(file: string): Record<string, unknown>;
  has(file: string): boolean;
  add(file: string, exports: Record<string, unknown>): void;
  readFromDisk(read: (file: string) => Record<string, unknown>): void;
};
export = modules;
