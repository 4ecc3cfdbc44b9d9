import { listKinds, type KindInfo } from '@cdx/validate';
import { allRules } from '../rules/index.js';

/** `--list-rules`: id, default severity and description, one rule a line. */
export function listRulesText(): string {
  const rules = allRules();
  const width = Math.max(...rules.map((r) => r.id.length));
  return `${rules.map((r) => `${r.id.padEnd(width)}  ${r.defaultSeverity.padEnd(7)}  ${r.description}`).join('\n')}\n`;
}

/** What the spec or the hook library says of a kind's maturity: the service's beta labels, a CDS Hooks hook's maturity level. */
function maturity(kind: KindInfo): string {
  if (kind.beta) return 'beta';
  const { hook } = kind;
  if (!hook) return '';
  const deprecated = hook.replacedBy ? `, deprecated: use ${hook.replacedBy.join(' or ')}` : '';
  return `hook ${hook.version}, maturity ${hook.maturity} - ${hook.maturityTitle}${deprecated}`;
}

/** `--list-kinds`: every kind id, whether it can be detected or must be named, and its maturity. */
export function listKindsText(): string {
  const kinds = listKinds();
  const width = Math.max(...kinds.map((k) => k.id.length));
  const how = (k: KindInfo) => (k.family === 'auth' || k.family === 'search' ? 'named only (--kind or config "kinds")' : 'detected');
  return `${kinds.map((k) => `${k.id.padEnd(width)}  ${how(k).padEnd(8)}  ${maturity(k)}`.trimEnd()).join('\n')}\n`;
}
