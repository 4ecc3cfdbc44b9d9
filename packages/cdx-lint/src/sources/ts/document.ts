import type { KindId } from '@cdx/validate';
import type { DuplicateKey } from '../../locate/duplicates.js';
import type { NodeLocation } from '../../locate/locate.js';
import { withAncestors } from '../../locate/pointer.js';
import type { SourceDocument, UnknownParts } from '../reader.js';
import type { Evaluation } from './evaluate.js';
import { renamed } from './syntax.js';

/**
 * One payload literal of a TypeScript or JavaScript file. Its locations were all recorded while
 * it was evaluated (a fixture's payloads are small), so locating is a lookup.
 */
export class CodeDocument implements SourceDocument {
  readonly value: unknown;
  readonly unknown: UnknownParts | undefined;

  constructor(
    private readonly evaluation: Evaluation,
    readonly label: string,
    readonly kind: KindId | undefined,
  ) {
    this.value = evaluation.value;
    const { values, open } = evaluation;
    this.unknown = values.length > 0 || open.length > 0 ? { values, open } : undefined;
  }

  mayHaveDuplicateKeys(): boolean {
    return this.evaluation.duplicates.length > 0;
  }

  eachDuplicateKey(visit: (duplicate: DuplicateKey) => void): void {
    for (const duplicate of this.evaluation.duplicates) visit(duplicate);
  }

  locate(pointers: Iterable<string>): Map<string, NodeLocation> {
    const found = new Map<string, NodeLocation>();
    for (const pointer of pointers) {
      for (const p of withAncestors(pointer)) {
        const location = this.evaluation.locations.get(p);
        if (location) found.set(p, location);
      }
    }
    return found;
  }

  renameText(location: NodeLocation, to: string): string | undefined {
    const form = this.evaluation.keys.get(location.keyOffset);
    return form && renamed(form, to);
  }
}
