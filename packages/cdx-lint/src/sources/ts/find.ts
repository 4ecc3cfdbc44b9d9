import type { KindId } from '@cdx/validate';
import type * as TS from 'typescript';
import type { Hint, TypeNames } from './hints.js';
import type { Ts } from './load.js';
import { staticKey, unwrap } from './syntax.js';

/** An object literal that may be a payload. */
export interface Candidate {
  node: TS.ObjectLiteralExpression;
  /** The kind its type names; undefined when only its content marks it (Meta, resourceType). */
  kind: KindId | undefined;
  /** How the code names it: `merge`, `cases[0].payload`, `default`; undefined inside a call. */
  name: string | undefined;
}

/** Test matchers whose argument is a partial object by design: not a whole payload. */
const PARTIAL_MATCHERS = new Set(['toMatchObject', 'objectContaining', 'toHaveProperty']);

interface Context {
  hint?: Hint | undefined;
  name?: string | undefined;
}

function memberName(base: string | undefined, key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  if (base === undefined) return key;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

/**
 * Finds payload literals, top down: object literals whose type is a `@cdx/types` type (an
 * annotation, `satisfies`, `as`, or in JavaScript a JSDoc `@type`/`@satisfies`), and object
 * literals that carry `Meta: { DataModel, EventType }` or a `resourceType` string. `accept`
 * decides about the latter (it may find no kind for them); a payload's inside is never searched
 * again, so a Patient inside a bundle's entry is part of the bundle, not a payload of its own.
 * JSDoc types count only in JavaScript (`js`), where they are the only types there are.
 */
export function findPayloads(ts: Ts, file: TS.SourceFile, names: TypeNames, js: boolean, accept: (candidate: Candidate) => boolean): void {
  /** Carries `Meta: { DataModel, EventType }` or `resourceType: '…'`. */
  const marked = (node: TS.ObjectLiteralExpression): boolean =>
    node.properties.some((property) => {
      if (!ts.isPropertyAssignment(property)) return false;
      const key = staticKey(ts, file, property.name)?.text;
      const value = unwrap(ts, property.initializer);
      if (key === 'resourceType') return ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value);
      if (key !== 'Meta' || !ts.isObjectLiteralExpression(value)) return false;
      const inner = new Set(value.properties.map((p) => (p.name ? staticKey(ts, file, p.name)?.text : undefined)));
      return inner.has('DataModel') && inner.has('EventType');
    });

  const isPartialMatcher = (callee: TS.Expression): boolean =>
    (ts.isPropertyAccessExpression(callee) && PARTIAL_MATCHERS.has(callee.name.text)) || (ts.isIdentifier(callee) && PARTIAL_MATCHERS.has(callee.text));

  const object = (node: TS.ObjectLiteralExpression, { hint, name }: Context): void => {
    if (hint?.is === 'unchecked') return;
    if (hint?.is === 'payload') {
      accept({ node, kind: hint.kind, name });
      return;
    }
    if (hint?.is !== 'members' && marked(node) && accept({ node, kind: undefined, name })) return;
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property)) {
        visit(property, {});
        continue;
      }
      const key = staticKey(ts, file, property.name)?.text;
      visit(property.initializer, { name: memberName(name, key), hint: hint?.is === 'members' ? { is: 'payload', kind: hint.kind } : undefined });
    }
  };

  const array = (node: TS.ArrayLiteralExpression, { hint, name }: Context): void => {
    if (hint?.is === 'unchecked') return;
    node.elements.forEach((element, i) => {
      visit(element, { name: name === undefined ? undefined : `${name}[${i}]`, hint: hint?.is === 'items' ? { is: 'payload', kind: hint.kind } : undefined });
    });
  };

  const visit = (node: TS.Node, context: Context): void => {
    if (ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node) || ts.isParameter(node)) {
      if (!node.initializer) return;
      const name = ts.isIdentifier(node.name) ? node.name.text : undefined;
      const hint = node.type ? names.of(node.type) : js ? names.ofJsDoc(node) : undefined;
      visit(node.initializer, { hint, name });
    } else if (ts.isExportAssignment(node)) {
      visit(node.expression, { name: 'default' });
    } else if (ts.isParenthesizedExpression(node)) {
      visit(node.expression, { ...context, hint: (js ? names.ofJsDoc(node) : undefined) ?? context.hint });
    } else if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      visit(node.expression, { ...context, hint: names.ofAssertion(node.type, context.hint) });
    } else if (ts.isSatisfiesExpression(node)) {
      visit(node.expression, { ...context, hint: names.of(node.type) ?? context.hint });
    } else if (ts.isNonNullExpression(node)) {
      visit(node.expression, context);
    } else if (ts.isObjectLiteralExpression(node)) {
      object(node, context);
    } else if (ts.isArrayLiteralExpression(node)) {
      array(node, context);
    } else if (ts.isCallExpression(node) && isPartialMatcher(node.expression)) {
      visit(node.expression, {});
    } else {
      ts.forEachChild(node, (child) => {
        visit(child, {});
      });
    }
  };

  visit(file, {});
}
