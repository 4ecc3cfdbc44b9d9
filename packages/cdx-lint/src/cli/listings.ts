import { listKinds } from '@cdx/validate';
import { allRules } from '../rules.js';

/** `--list-rules`: id, default severity and description, one rule a line. */
export function listRulesText(): string {
  const rules = allRules();
  const width = Math.max(...rules.map((r) => r.id.length));
  return `${rules.map((r) => `${r.id.padEnd(width)}  ${r.defaultSeverity.padEnd(7)}  ${r.description}`).join('\n')}\n`;
}

/** `--list-kinds`: every kind id, and whether it can be detected or must be named. */
export function listKindsText(): string {
  const kinds = listKinds();
  const width = Math.max(...kinds.map((k) => k.id.length));
  return `${kinds.map((k) => `${k.id.padEnd(width)}  ${k.family === 'auth' || k.family === 'search' ? 'named only (--kind or config "kinds")' : 'detected'}`).join('\n')}\n`;
}
