// The types of tables.cjs.

/** What a FHIR fast path gathers while it accepts (registry.ts's Gathered). */
interface Gathering {
  references: string[];
  complete: boolean;
  sites?: unknown[];
  nested?: boolean;
}

declare const tables: {
  /** The fast path of one R4 resource type, with a strict twin's signature: it gathers into `this`. */
  tableTwin(type: string): (this: Gathering | undefined, data: unknown) => boolean;
  /** The fast path of one R4 resource type: its table, then its compiled twin once the type runs hot (where it has one). */
  fastTwin(
    type: string,
    onTierUp?: (compiled: (this: Gathering | undefined, data: unknown) => boolean) => void,
  ): (this: Gathering | undefined, data: unknown) => boolean;
  /** The table module of an R4 resource type (or `datatypes`), under generated/validators/. */
  fileOf(type: string): string;
};
export = tables;
