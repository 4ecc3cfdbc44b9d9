import { RULE_DOCS_URL, type Finding } from '@cdx/validate';
import { FHIR_JSON_TYPE, type Answer } from './answer.js';

/** A member name as a FHIRPath step: plain when it is an identifier, backticked otherwise. */
function step(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `.${name}` : `.\`${name.replace(/[`\\]/g, (c) => `\\${c}`)}\``;
}

/** A JSON Pointer's unescaped tokens (RFC 6901). */
function tokensOf(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * A JSON Pointer into a resource as a FHIRPath expression rooted at the resource type
 * (`/entry/0/resource/focus/0` → `Bundle.entry[0].resource.focus[0]`), as OperationOutcome.issue.expression
 * holds it. Array indexes are the tokens made only of digits.
 */
export function expressionOf(pointer: string, root: string): string {
  let out = root;
  for (const token of tokensOf(pointer)) out += /^(?:0|[1-9]\d*)$/.test(token) ? `[${token}]` : step(token);
  return out;
}

function issueOf(finding: Finding, root: string): Record<string, unknown> {
  return {
    severity: finding.severity,
    code: finding.ruleId === 'schema' || finding.ruleId === 'spelling-drift' || finding.ruleId === 'unknown-field' ? 'structure' : 'invalid',
    details: { coding: [{ system: RULE_DOCS_URL, code: finding.ruleId }] },
    diagnostics: finding.message,
    expression: [expressionOf(finding.pointer, root)],
  };
}

/** A root for expressions: the payload's resourceType when it has a plausible one. */
export function rootOf(payload: unknown, fallback: string): string {
  const type = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>).resourceType : undefined;
  return typeof type === 'string' && /^[A-Z][A-Za-z]{0,63}$/.test(type) ? type : fallback;
}

/** The findings about a FHIR request as an OperationOutcome answer (one issue per finding). */
export function outcomeAnswer(status: number, findings: readonly Finding[], root: string): Answer {
  const issue = findings.length > 0 ? findings.map((f) => issueOf(f, root)) : [{ severity: 'information', code: 'informational', diagnostics: 'Accepted.' }];
  return { status, contentType: FHIR_JSON_TYPE, kind: 'fhir/OperationOutcome', body: { resourceType: 'OperationOutcome', issue } };
}

/** An OperationOutcome for a problem that is not a finding about the payload (no token, not JSON, too large). */
export function problemOutcome(status: number, code: string, diagnostics: string): Answer {
  return {
    status,
    contentType: FHIR_JSON_TYPE,
    kind: 'fhir/OperationOutcome',
    body: { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code, diagnostics }] },
  };
}
