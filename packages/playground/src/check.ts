// Checks the editor's text: JSON through cdx-lint's text API (the CLI's findings, positions and
// renames) on @cdx/validate's browser build, whose validators are imported when a payload needs
// them; a compact JWT through @cdx/validate/auth's client-assertion explainer (loaded on first use).
import { detectKind, prepare, runPrepared, type KindId } from '@cdx/validate/browser';
import { docsUrl, lintJson, type LintMessage } from 'cdx-lint/text';
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

/** A text is a JWT when it is one compact token (white space around it allowed). */
export function looksLikeJwt(text: string): boolean {
  return COMPACT_JWT.test(text.trim());
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
    payload = undefined; // lintJson reports where the JSON breaks
  }
  if (payload !== undefined) await prepare(payload, options);
  const result = await runPrepared(() => lintJson(text, options));
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

/** Explains a client-assertion JWT as the service's token endpoint would judge it. */
export async function checkJwt(text: string, settings: JwtSettings): Promise<CheckResult> {
  const { checkClientAssertion } = await import('@cdx/validate/auth');
  const start = text.length - text.trimStart().length;
  const token = text.trim();
  const [header, payload, signature = ''] = token.split('.');
  const claims = decodePart(payload ?? '') as Record<string, unknown> | undefined;
  const notes: string[] = [];
  const clientId = settings.clientId.trim() || (typeof claims?.iss === 'string' ? claims.iss : '');
  if (!settings.clientId.trim()) notes.push('No client ID given: iss and sub are compared with each other only.');
  const baseUrl = settings.baseUrl.trim();
  const tokenUrl = baseUrl ? undefined : typeof claims?.aud === 'string' ? claims.aud : undefined;
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
  let findings: PlacedFinding[];
  try {
    const found = await checkClientAssertion(token, {
      clientId: clientId || 'unknown',
      ...(baseUrl ? { baseUrl } : tokenUrl ? { tokenUrl } : { baseUrl: 'https://service.invalid' }),
      ...(key ? { key: keyOf(key) } : { skipSignature: true }),
    });
    findings = found.map((f) => {
      const [from, to] = span(f.pointer);
      return {
        ruleId: f.ruleId,
        severity: f.severity,
        message: f.message,
        pointer: f.pointer,
        from,
        to,
        line: 1,
        column: from + 1,
        docsUrl: docsUrl(f.ruleId),
      };
    });
  } catch (error) {
    // Settings the checker cannot use: with no base URL given, an aud that is no token URL.
    const message = error instanceof Error ? error.message : String(error);
    const [from, to] = tokenUrl !== undefined && (error as { code?: unknown }).code === 'token-url' ? span('/payload/aud') : [start, start + token.length];
    const aud = from !== start;
    findings = [
      aud
        ? {
            ruleId: 'jwt-aud',
            severity: 'error',
            message: `claim "aud" ${JSON.stringify(tokenUrl)} is not a token URL: it must be the service's base address followed by /v2/auth/token.`,
            pointer: '/payload/aud',
            from,
            to,
            line: 1,
            column: from + 1,
            docsUrl: docsUrl('jwt-aud'),
          }
        : { ruleId: 'settings', severity: 'error', message, pointer: '', from, to, line: 1, column: from + 1, docsUrl: '' },
    ];
  }
  return { mode: 'jwt', kind: JWT_KIND, detected: true, findings, decoded: { header: decodePart(header ?? ''), payload: claims }, notes };
}
