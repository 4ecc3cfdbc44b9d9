// Checks the editor's text: JSON through cdx-lint's text API (the CLI's findings, positions and
// renames) on @cdx/validate's browser build, whose validators are imported when a payload needs
// them; a compact JWT through @cdx/validate/auth's client-assertion explainer (loaded on first use).
import { detectKind, prepare, runPrepared, type KindId } from '@cdx/validate/browser';
import { docsUrl, lintText, type LintMessage } from 'cdx-lint/text';
import { decodeBase64Url } from './base64url.js';

/** The pseudo-kind of the picker for a client-assertion JWT. */
export const JWT_KIND = 'jwt';

/** A finding placed in the editor's text (offsets into it). */
export interface PlacedFinding {
  ruleId: string;
  severity: 'error' | 'warning';
  message: string;
  pointer: string;
  from: number;
  to: number;
  line: number;
  column: number;
  docsUrl: string;
  /** The rename `cdx-lint --fix` would make: replace [from, to) with `insert`. */
  fix?: { from: number; to: number; insert: string };
}

export interface CheckResult {
  mode: 'json' | 'jwt';
  /** The kind checked as (null: none could be told). */
  kind: string | null;
  /** Whether `kind` was detected rather than picked. */
  detected: boolean;
  findings: PlacedFinding[];
  /** JWT mode: the decoded header and claims. */
  decoded?: { header: unknown; payload: unknown };
  /** JWT mode: what the check could not compare, for want of settings. */
  notes: string[];
}

export interface JwtSettings {
  clientId: string;
  baseUrl: string;
  publicKey: string;
}

const COMPACT_JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

const BASE64URL = /^[A-Za-z0-9_-]$/;

/** A text is a JWT when it is one compact token (white space around it allowed). */
export function looksLikeJwt(text: string): boolean {
  // Most texts are JSON: told by their first character, without copying (trim) or scanning them
  // (on every check and every link; a 2 MB payload's copy is a pause of the page).
  let first = 0;
  while (first < text.length && /\s/.test(text[first]!)) first++;
  return first < text.length && BASE64URL.test(text[first]!) && COMPACT_JWT.test(text.trim());
}

/** Offsets of 1-based line/column positions in `text`. */
class Lines {
  private readonly starts = [0];
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  offset(line: number, column: number): number {
    return (this.starts[line - 1] ?? 0) + column - 1;
  }
}

function placed(message: LintMessage, lines: Lines, bom: number): PlacedFinding {
  const shift = (line: number) => (line === 1 ? bom : 0);
  const from = lines.offset(message.line, message.column) + shift(message.line);
  const to = Math.max(from, lines.offset(message.endLine, message.endColumn) + shift(message.endLine));
  const finding: PlacedFinding = {
    ruleId: message.ruleId,
    severity: message.severity === 2 ? 'error' : 'warning',
    message: message.message,
    pointer: message.pointer,
    from,
    to,
    line: message.line,
    column: message.column + shift(message.line),
    docsUrl: docsUrl(message.ruleId),
  };
  if (message.fix) finding.fix = { from: message.fix.range[0] + bom, to: message.fix.range[1] + bom, insert: message.fix.text };
  return finding;
}

/** Checks JSON as `kind` ('' to detect it). Validators the payload needs are imported first. */
export async function checkJson(text: string, kind: string): Promise<CheckResult> {
  // The picker offers listKinds()' ids only.
  const options = kind ? { kind: kind as KindId } : {};
  let payload: unknown;
  try {
    payload = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch {
    payload = undefined; // lintText reports where the JSON breaks
  }
  if (payload !== undefined) await prepare(payload, options);
  const result = await runPrepared(() => lintText(text, options));
  const lines = new Lines(text);
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  return {
    mode: 'json',
    kind: result.kind,
    detected: !kind && payload !== undefined && detectKind(payload) !== null,
    findings: result.messages.map((m) => placed(m, lines, bom)),
    notes: [],
  };
}

function decodePart(part: string): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(decodeBase64Url(part)));
  } catch {
    return undefined;
  }
}

/** The public key as the checker takes it: PEM text, or a JWK given as JSON. */
function keyOf(text: string): string | Record<string, unknown> {
  const trimmed = text.trim();
  return trimmed.startsWith('{') ? (JSON.parse(trimmed) as Record<string, unknown>) : trimmed;
}

/** A claim value as a message shows it: strings quoted and cut short, others by their type. */
function shown(value: unknown): string {
  if (typeof value !== 'string') return Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value;
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}…` : value);
}

const TOKEN_ENDPOINT = "the service's token endpoint: its base address followed by /v2/auth/token, exactly (give the base URL in the settings to compare it)";

/**
 * What is wrong with the form of aud when no base URL says what it must be, or undefined when it
 * has the form of a token URL. The message says what to write in words: no made-up address.
 */
function audFormProblem(aud: unknown, tokenUrlProblem: (url: string) => string | undefined): string | undefined {
  if (aud === undefined) return `claim "aud" is missing: set it to ${TOKEN_ENDPOINT}.`;
  if (typeof aud !== 'string') return `claim "aud" is ${shown(aud)}: the service needs one string, ${TOKEN_ENDPOINT}.`;
  const problem = tokenUrlProblem(aud);
  return problem && `claim "aud" ${shown(aud)} is not a token URL (it ${problem}): write ${TOKEN_ENDPOINT}.`;
}

/** An audience aud is never compared with: it stands in when the real one is unknown, and its finding is replaced. */
const UNKNOWN_AUDIENCE = 'https://audience.unknown/v2/auth/token';

/**
 * Explains a client-assertion JWT as the service's token endpoint would judge it: every finding
 * `checkClientAssertion` reports. Without a base URL, aud is compared with nothing: its own value
 * when it has the form of a token URL, else the finding says what its form lacks.
 */
export async function checkJwt(text: string, settings: JwtSettings): Promise<CheckResult> {
  const { checkClientAssertion, tokenUrlProblem } = await import('@cdx/validate/auth');
  const start = text.length - text.trimStart().length;
  const token = text.trim();
  const [header, payload, signature = ''] = token.split('.');
  const claims = decodePart(payload ?? '') as Record<string, unknown> | undefined;
  const notes: string[] = [];
  const clientId = settings.clientId.trim() || (typeof claims?.iss === 'string' ? claims.iss : '');
  if (!settings.clientId.trim()) notes.push('No client ID given: iss and sub are compared with each other only.');
  const baseUrl = settings.baseUrl.trim();
  const audProblem = baseUrl || claims === undefined ? undefined : audFormProblem(claims.aud, tokenUrlProblem);
  const tokenUrl = baseUrl ? undefined : audProblem === undefined && typeof claims?.aud === 'string' ? claims.aud : UNKNOWN_AUDIENCE;
  if (!baseUrl) notes.push('No base URL given: aud is checked for its form only.');
  const key = settings.publicKey.trim();
  if (!key) notes.push('No public key given: the signature is not verified.');

  // Where a finding's pointer lies in the token: its header, its claims or its signature part.
  const segments = { header: [0, header!.length], payload: [header!.length + 1, header!.length + 1 + (payload ?? '').length] } as const;
  const sigStart = token.length - signature.length;
  const span = (pointer: string): [number, number] => {
    const part = pointer.split('/')[1];
    if (part === 'header' || part === 'payload') return [start + segments[part][0], start + segments[part][1]];
    if (part === 'signature') return [start + sigStart, start + token.length];
    return [start, start + token.length];
  };
  const place = (f: { ruleId: string; severity: 'error' | 'warning'; message: string; pointer: string }): PlacedFinding => {
    const [from, to] = span(f.pointer);
    return { ...f, from, to, line: 1, column: from + 1, docsUrl: docsUrl(f.ruleId) };
  };
  let findings: PlacedFinding[];
  try {
    const found = await checkClientAssertion(token, {
      clientId: clientId || 'unknown',
      ...(baseUrl ? { baseUrl } : { tokenUrl }),
      ...(key ? { key: keyOf(key) } : { skipSignature: true }),
    });
    findings = found.map((f) => {
      const { ruleId, severity, message, pointer } = f;
      // Compared with the stand-in audience: say instead what the form of aud lacks.
      if (ruleId === 'jwt-aud' && tokenUrl === UNKNOWN_AUDIENCE) return place({ ruleId, severity, message: audProblem ?? message, pointer });
      return place({ ruleId, severity, message, pointer });
    });
  } catch (error) {
    // Settings the checker cannot use (a base URL that is no URL, a key that is not public).
    const message = error instanceof Error ? error.message : String(error);
    findings = [
      { ruleId: 'settings', severity: 'error', message, pointer: '', from: start, to: start + token.length, line: 1, column: start + 1, docsUrl: '' },
    ];
  }
  return { mode: 'jwt', kind: JWT_KIND, detected: true, findings, decoded: { header: decodePart(header ?? ''), payload: claims }, notes };
}
