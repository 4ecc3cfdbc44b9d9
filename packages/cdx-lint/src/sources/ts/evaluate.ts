import type * as TS from 'typescript';
import type { DuplicateKey } from '../../locate/duplicates.js';
import type { NodeLocation } from '../../locate/locate.js';
import { pointerToken } from '../../locate/pointer.js';
import type { Ts } from './load.js';
import { staticKey, unwrap, type KeyForm, type StaticKey } from './syntax.js';

/** A payload literal's static value, what is not known in it, and where everything is. */
export interface Evaluation {
  value: unknown;
  /** Pointers of values the source does not give (variables, calls, substitutions), or that a later spread may replace. */
  values: string[];
  /** Pointers of objects and arrays that may hold more than is written (a spread, a computed name). */
  open: string[];
  locations: Map<string, NodeLocation>;
  /** How each member name is written, by the offset of its token. */
  keys: Map<number, KeyForm>;
  duplicates: DuplicateKey[];
}

/** `x: undefined` leaves the member out, as JSON.stringify does. */
const ABSENT: unique symbol = Symbol('absent');

/**
 * A placeholder for an unknown value: a string no payload holds, different at each place, so two
 * unknowns are never equal (`uniqueItems`). @cdx/validate is told where they are.
 */
const placeholder = (n: number) => `\u0000cdx-lint: unknown value ${n}`;

/** Sets a member even when it is named `__proto__` (a plain assignment would set the prototype). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * Turns a payload literal into the plain value it stands for, statically: strings, numbers,
 * booleans, null, arrays, objects, templates without substitutions, and all of these under
 * `as const`, `satisfies`, `as`, parentheses. Anything else (an identifier, a call, a
 * substitution) is unknown: it gets a placeholder and its pointer is recorded, so no check that
 * depends on it is reported. A spread or a computed name makes its object open; members written
 * before a spread are unknown (the spread may replace them); items after a spread in an array
 * are left out, since their index is not known.
 */
export function evaluate(ts: Ts, file: TS.SourceFile, root: TS.ObjectLiteralExpression): Evaluation {
  const values = new Set<string>();
  const open = new Set<string>();
  const locations = new Map<string, NodeLocation>();
  const keys = new Map<number, KeyForm>();
  const duplicates: DuplicateKey[] = [];
  let unknowns = 0;

  const locate = (pointer: string, node: TS.Node, key: StaticKey | undefined, shape: NodeLocation['shape']) => {
    const keyOffset = key ? key.token.getStart(file) : -1;
    locations.set(pointer, { keyOffset, keyLength: key ? key.token.end - keyOffset : 0, offset: node.getStart(file), end: node.end, shape });
  };
  const unknown = (pointer: string, node: TS.Node, key: StaticKey | undefined) => {
    // Shown by its name only: the value may be a long call.
    locate(pointer, node, key, 'object');
    values.add(pointer);
    return placeholder(unknowns++);
  };
  /** A repeated member replaces the earlier one: forget what was recorded inside it. */
  const forget = (pointer: string) => {
    const inside = (p: string) => p === pointer || p.startsWith(`${pointer}/`);
    for (const p of locations.keys()) if (inside(p)) locations.delete(p);
    for (const p of values) if (inside(p)) values.delete(p);
    for (const p of open) if (inside(p)) open.delete(p);
  };

  const object = (node: TS.ObjectLiteralExpression, pointer: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    const first = new Map<string, number>();
    const replaceable = new Set<string>(); // written before a spread
    for (const property of node.properties) {
      if (ts.isSpreadAssignment(property)) {
        open.add(pointer);
        for (const name of first.keys()) replaceable.add(name);
        continue;
      }
      // Methods and setters are not serialized; they are no members of the payload.
      if (ts.isMethodDeclaration(property) || ts.isSetAccessorDeclaration(property)) continue;
      const key = staticKey(ts, file, property.name);
      if (!key) {
        open.add(pointer);
        continue;
      }
      // `__proto__: x` sets the prototype of the literal; only `['__proto__']` makes a member.
      if (key.text === '__proto__' && ts.isPropertyAssignment(property) && !ts.isComputedPropertyName(property.name)) continue;
      const child = `${pointer}/${pointerToken(key.text)}`;
      const offset = key.token.getStart(file);
      const earlier = first.get(key.text);
      if (earlier === undefined) first.set(key.text, offset);
      else {
        duplicates.push({ pointer: child, name: key.text, offset, length: key.token.end - offset, firstOffset: earlier });
        forget(child);
      }
      replaceable.delete(key.text);
      let value: unknown;
      if (ts.isPropertyAssignment(property)) {
        keys.set(offset, key.form);
        value = evaluateValue(property.initializer, child, key);
      } else if (ts.isShorthandPropertyAssignment(property)) {
        keys.set(offset, { form: 'shorthand', variable: key.text });
        value = property.name.text === 'undefined' ? ABSENT : unknown(child, property, key);
      } else {
        value = unknown(child, property, key); // a getter: its name is not renamed
      }
      if (value === ABSENT) delete out[key.text];
      else define(out, key.text, value);
    }
    for (const name of replaceable) if (Object.hasOwn(out, name)) values.add(`${pointer}/${pointerToken(name)}`);
    return out;
  };

  const array = (node: TS.ArrayLiteralExpression, pointer: string): unknown[] => {
    const out: unknown[] = [];
    for (const element of node.elements) {
      if (ts.isSpreadElement(element)) {
        open.add(pointer);
        break;
      }
      const child = `${pointer}/${out.length}`;
      // A hole and `undefined` are both null in JSON.
      const value = ts.isOmittedExpression(element) ? null : evaluateValue(element, child, undefined);
      out.push(value === ABSENT ? null : value);
    }
    return out;
  };

  const evaluateValue = (expression: TS.Expression, pointer: string, key: StaticKey | undefined): unknown => {
    const node = unwrap(ts, expression);
    if (ts.isObjectLiteralExpression(node)) {
      locate(pointer, node, key, 'object');
      return object(node, pointer);
    }
    if (ts.isArrayLiteralExpression(node)) {
      locate(pointer, node, key, 'array');
      return array(node, pointer);
    }
    const scalar = scalarValue(node);
    if (scalar === undefined) return unknown(pointer, expression, key);
    locate(pointer, node, key, 'scalar');
    return scalar.value;
  };

  /** A literal's value, wrapped so that null and `undefined` (ABSENT) are told from "not static". */
  const scalarValue = (node: TS.Expression): { value: unknown } | undefined => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return { value: node.text };
    if (ts.isNumericLiteral(node)) return { value: Number(node.text) };
    if (ts.isPrefixUnaryExpression(node) && ts.isNumericLiteral(node.operand)) {
      if (node.operator === ts.SyntaxKind.MinusToken) return { value: -Number(node.operand.text) };
      if (node.operator === ts.SyntaxKind.PlusToken) return { value: Number(node.operand.text) };
    }
    switch (node.kind) {
      case ts.SyntaxKind.TrueKeyword:
        return { value: true };
      case ts.SyntaxKind.FalseKeyword:
        return { value: false };
      case ts.SyntaxKind.NullKeyword:
        return { value: null };
      case ts.SyntaxKind.VoidExpression:
        return { value: ABSENT };
    }
    if (ts.isIdentifier(node) && node.text === 'undefined') return { value: ABSENT };
    return undefined;
  };

  locate('', root, undefined, 'object');
  const value = object(root, '');
  return { value, values: [...values], open: [...open], locations, keys, duplicates };
}
