// Types of hostile.mjs for the TypeScript test suites that import it.
export interface HostileFile {
  name: string;
  bytes: Buffer;
  /** Rules a linter must report for it. */
  rules: string[];
  /** A parse error: nothing else is checked. */
  fatal?: true;
  /** A position some finding must start at. */
  at?: { line: number; column: number };
}
export function example(name: string): string;
export function bigFile(bytes: number): Buffer;
export function hugeString(bytes: number): Buffer;
export function hostileFiles(options?: { mb?: number }): HostileFile[];
