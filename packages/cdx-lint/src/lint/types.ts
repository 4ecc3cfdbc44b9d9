import type { Finding, KindId, RuleSetting } from '@cdx/validate';

/** A finding before it is placed in the text. */
export interface PendingFinding extends Finding {
  /** For `duplicate-key`: the offset of the repeated name and of the one before it. */
  duplicate?: { offset: number; length: number; firstOffset: number };
}

/** A rename as the JSON output carries it: ESLint's `{ range, text }` plus what it means. */
export interface MessageFix {
  /** `[start, end)` offsets in the file's text after its BOM, as ESLint counts them. */
  range: [number, number];
  text: string;
  kind: 'rename-member';
  pointer: string;
  from: string;
  to: string;
}

/** One finding in ESLint's message shape, plus its JSON Pointer. */
export interface LintMessage {
  ruleId: string;
  /** Which of the rule's messages this is (`meta.messages` in the rule registry). */
  messageId?: string;
  /** 1 warning, 2 error (ESLint's numbers). */
  severity: 1 | 2;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  pointer: string;
  /**
   * The payload it is about, in a file that can hold several (a TypeScript fixture): its
   * variable name, e.g. `merge`, `cases[0].payload`, or `payload at line 12`. `pointer` is
   * within that payload. Absent for JSON files.
   */
  payload?: string;
  /** Only on `parse-error`: nothing else in the file could be checked. */
  fatal?: true;
  /**
   * Only on a summary: this many findings of the rule (of this severity) in the file are not
   * listed, past `maxFindingsPerRule`. The summary stands at the first of them, and the result's
   * counts include them.
   */
  omitted?: number;
  fix?: MessageFix;
  suggestions?: { desc: string; fix: MessageFix }[];
}

/** A rename `--fix` applied (or, with `--fix-dry-run`, would apply). */
export interface AppliedRename {
  pointer: string;
  /** The payload `pointer` is in, for a file that can hold several (see LintMessage). */
  payload?: string;
  from: string;
  to: string;
  /** Where the name was, in the original text. */
  line: number;
  column: number;
}

/** The result for one file, in ESLint's result shape (what `--format json` prints). */
export interface LintResult {
  filePath: string;
  /**
   * The kind the payload was checked as, or null when none could be told. For a TypeScript or
   * JavaScript fixture: the kind its payloads share, or null when they differ or there are none.
   */
  kind: string | null;
  messages: LintMessage[];
  suppressedMessages: LintMessage[];
  errorCount: number;
  warningCount: number;
  fatalErrorCount: number;
  fixableErrorCount: number;
  fixableWarningCount: number;
  usedDeprecatedRules: [];
  /** The fixed text, when `--fix` or `--fix-dry-run` changed it (as ESLint reports it). */
  output?: string;
  /** The renames behind `output`. */
  fixes?: AppliedRename[];
}

/** A config `overrides` entry after loading: globs already relative to `baseDir`. */
export interface PointerOverride {
  pointers: readonly string[];
  rules: Readonly<Record<string, RuleSetting>>;
}

/**
 * Everything that decides the findings of one file: computed from the config and the command
 * line by config/resolve.ts, plain data so it crosses to worker threads.
 */
export interface FileSettings {
  /** A kind id the config or command line named (checked against the registry when read). */
  kind?: KindId;
  rules: Record<string, RuleSetting>;
  pointerOverrides: PointerOverride[];
  /** The rules' options the config sets (`attachmentLimit`, `knownVariants`…), by their option names. */
  ruleOptions?: Readonly<Record<string, unknown>>;
  /** Report errors only (`--quiet`). */
  quiet?: boolean;
  /** Findings listed per rule in one file (default 1,000); the rest are summarised with their count. */
  maxFindingsPerRule?: number;
}
