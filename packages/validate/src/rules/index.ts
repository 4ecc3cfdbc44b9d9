// The registry: every rule @cdx/validate reports, in one list sorted by id (generated/rules.ts). The runners take their
// rules from it by scope (validate() its payload rules, the assertion checker its own…), and every
// listing, docs page, SARIF table and config check reads its metas. test/rules/registry.test.ts
// checks that the rule files, this list, docs/rules and the option schemas agree.
import type { Rule, Scope } from './create-rule.js';
import { RULES } from '../generated/rules.js';

/**
 * Every rule of @cdx/validate, sorted by id: written by `pnpm generate` from the rule files of this
 * folder (each exports one rule made by `createRule`), so a new rule file needs no line here.
 */
export { RULES };

/** Any registered rule. */
export type RegisteredRule = (typeof RULES)[number];

type OptionsOf<R> = R extends { readonly defaultOptions: infer O } ? O : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every rule option, by name: validate()'s options besides `kind`, `rules` and `unknown`. */
export type RuleOptions = Intersection<OptionsOf<RegisteredRule>>;

/** The registered rules of one scope, in registry order. */
export function rulesOf<C>(scope: Scope<C>): readonly Rule<C>[] {
  return RULES.filter((rule) => (rule.scope as Scope<unknown>) === scope) as unknown as readonly Rule<C>[];
}
