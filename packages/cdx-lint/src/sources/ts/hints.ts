import type { KindId } from '@cdx/validate';
import type * as TS from 'typescript';
import { kindOfTypeName } from './kinds.js';
import type { Ts } from './load.js';

/** What the code around a literal says about it. */
export type Hint =
  /** A payload of this kind: `satisfies PatientMerge`, `: PatientMerge`, `as PatientMerge`. */
  | { is: 'payload'; kind: KindId }
  /** An array of payloads (`PatientMerge[]`), or an object of them (`Record<string, PatientMerge>`). */
  | { is: 'items' | 'members'; kind: KindId }
  /**
   * Not a whole payload (`Partial<PatientMerge>`), or deliberately not a valid one
   * (`as unknown as PatientMerge`, `as any`): never checked, nor anything inside it.
   */
  | { is: 'unchecked' };

const UNCHECKED: Hint = { is: 'unchecked' };

/**
 * Reads type names as a file spells them. Only exact names count (`PatientMerge`,
 * `cdx.PatientMerge`, `import('@cdx/types').PatientMerge`, an alias in an import from
 * `@cdx/types`); no type is resolved, so `type Merge = PatientMerge` is not followed.
 */
export class TypeNames {
  private readonly aliases = new Map<string, string>();

  constructor(
    private readonly ts: Ts,
    file: TS.SourceFile,
  ) {
    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      if (!/^@cdx\/types(\/|$)/.test(statement.moduleSpecifier.text)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) {
        if (element.propertyName) this.aliases.set(element.name.text, element.propertyName.text);
      }
    }
  }

  /** The hint of a type annotation or `satisfies` type. */
  of(type: TS.TypeNode): Hint | undefined {
    const { ts } = this;
    if (ts.isParenthesizedTypeNode(type)) return this.of(type.type);
    if (ts.isTypeOperatorNode(type) && type.operator === ts.SyntaxKind.ReadonlyKeyword) return this.of(type.type);
    const own = this.kindOf(type);
    if (own) return { is: 'payload', kind: own };
    const item = ts.isArrayTypeNode(type) ? type.elementType : this.argument(type, ['Array', 'ReadonlyArray'], 1, 0);
    const itemKind = item && this.kindOf(item);
    if (itemKind) return { is: 'items', kind: itemKind };
    const member = this.argument(type, ['Record'], 2, 1) ?? this.indexSignature(type);
    const memberKind = member && this.kindOf(member);
    if (memberKind) return { is: 'members', kind: memberKind };
    return this.mentionsKind(type) ? UNCHECKED : undefined;
  }

  /** The hint of `as T` / `<T>`, given the hint from outside it. */
  ofAssertion(type: TS.TypeNode, outer: Hint | undefined): Hint | undefined {
    const { ts } = this;
    if (ts.isConstTypeReference(type)) return outer;
    if (type.kind === ts.SyntaxKind.UnknownKeyword || type.kind === ts.SyntaxKind.AnyKeyword) return UNCHECKED;
    return this.of(type) ?? outer;
  }

  /** A JavaScript file's `/** @type {PatientMerge} *\/` or `@satisfies` on a declaration or a parenthesized cast. */
  ofJsDoc(node: TS.Node): Hint | undefined {
    const { ts } = this;
    const type = ts.getJSDocType(node) ?? ts.getJSDocTags(node).find(ts.isJSDocSatisfiesTag)?.typeExpression.type;
    return type && this.of(type);
  }

  /** The kind of an exact type name, without type arguments. */
  private kindOf(type: TS.TypeNode): KindId | undefined {
    const { ts } = this;
    if (ts.isParenthesizedTypeNode(type)) return this.kindOf(type.type);
    if (ts.isTypeReferenceNode(type) && !type.typeArguments) {
      const name = type.typeName;
      return ts.isIdentifier(name) ? kindOfTypeName(this.aliases.get(name.text) ?? name.text) : kindOfTypeName(name.right.text);
    }
    if (ts.isImportTypeNode(type) && !type.typeArguments && type.qualifier) {
      const name = type.qualifier;
      return kindOfTypeName(ts.isIdentifier(name) ? name.text : name.right.text);
    }
    return undefined;
  }

  private argument(type: TS.TypeNode, names: readonly string[], count: number, index: number): TS.TypeNode | undefined {
    const { ts } = this;
    if (!ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName) || !names.includes(type.typeName.text)) return undefined;
    return type.typeArguments?.length === count ? type.typeArguments[index] : undefined;
  }

  /** `{ [name: string]: T }` → T. */
  private indexSignature(type: TS.TypeNode): TS.TypeNode | undefined {
    const { ts } = this;
    if (!ts.isTypeLiteralNode(type) || type.members.length !== 1) return undefined;
    const [member] = type.members;
    return member && ts.isIndexSignatureDeclaration(member) ? member.type : undefined;
  }

  private mentionsKind(type: TS.Node): boolean {
    const { ts } = this;
    const visit = (node: TS.Node): boolean => (ts.isTypeNode(node) && this.kindOf(node) !== undefined) || ts.forEachChild(node, visit) === true;
    return visit(type);
  }
}
