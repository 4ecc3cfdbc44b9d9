// One finding per cause across rules. A rule that names a cause declares, in its meta, the
// findings of other rules that its finding stands for (RuleMeta.supersedes); this drops them once
// every rule has spoken. Nothing here knows a rule by id: the declarations say it all.
import { renamedPointer, type Finding } from './finding.js';
import type { RuleMeta, SupersededAt } from './rules/create-rule.js';

/** What one finding supersedes: a rule's findings (of some messages) at or under one place. */
interface Target {
  readonly messages: readonly string[] | undefined;
  readonly subtree: boolean;
}

const key = (rule: string, pointer: string) => `${rule}\u0000${pointer}`;

/** The place a declaration names for a finding, or undefined when it names none (a rename without a fix). */
function placeOf(at: SupersededAt, finding: Finding): string | undefined {
  if (at === 'same' || at === 'subtree') return finding.pointer;
  if (at === 'renamed') return finding.fix ? renamedPointer(finding.fix.pointer, finding.fix.to) : undefined;
  if (at === 'parent') return finding.pointer === '' ? undefined : finding.pointer.slice(0, finding.pointer.lastIndexOf('/'));
  if ('sibling' in at) return renamedPointer(finding.pointer, at.sibling);
  return at.pointer;
}

/**
 * The findings without those another finding supersedes. Linear in the findings times the depth
 * of their pointers (each is looked up at itself and its ancestors when some target is a subtree).
 */
export function withoutSuperseded(findings: Finding[], metaOf: (ruleId: string) => RuleMeta | undefined): Finding[] {
  const targets = new Map<string, Target[]>();
  let subtrees = false;
  for (const finding of findings) {
    for (const s of metaOf(finding.ruleId)?.supersedes ?? []) {
      if (s.by && !s.by.includes(finding.messageId)) continue;
      const place = placeOf(s.at, finding);
      if (place === undefined) continue;
      const subtree = s.at === 'subtree';
      subtrees ||= subtree;
      const k = key(s.rule, place);
      const list = targets.get(k);
      const target = { messages: s.messages, subtree };
      if (list) list.push(target);
      else targets.set(k, [target]);
    }
  }
  if (targets.size === 0) return findings;
  const superseded = (f: Finding): boolean => {
    for (let at = f.pointer, own = true; ; own = false) {
      for (const t of targets.get(key(f.ruleId, at)) ?? []) {
        if ((own || t.subtree) && (!t.messages || t.messages.includes(f.messageId))) return true;
      }
      if (at === '' || !subtrees) return false;
      at = at.slice(0, at.lastIndexOf('/'));
    }
  };
  return findings.filter((f) => !superseded(f));
}
