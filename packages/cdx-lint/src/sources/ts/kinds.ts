import { listKinds, type KindId } from '@cdx/validate';

let byTitle: Map<string, KindId> | undefined;

/**
 * The kind id of a `@cdx/types` type name (`PatientMerge` → `PatientAdmin/PatientMerge`), read
 * from @cdx/validate's registry, where each kind's `title` is its type's name. A name two kinds
 * share says nothing and maps to none.
 */
export function kindOfTypeName(name: string): KindId | undefined {
  if (!byTitle) {
    const map = new Map<string, KindId>();
    const shared = new Set<string>();
    for (const kind of listKinds()) {
      if (map.has(kind.title)) shared.add(kind.title);
      map.set(kind.title, kind.id);
    }
    for (const title of shared) map.delete(title);
    byTitle = map;
  }
  return byTitle.get(name);
}
