import type { KindId } from '@cdx/types';

/** The family of a kind decides how it is detected. */
export type KindFamily = 'datamodel' | 'fhir' | 'auth';

/** What the registry knows of a kind without loading its validator. Generated from schemas/. */
export interface KindInfo {
  /** `"<DataModel>/<EventType>"`, `"fhir/<Name>"` or `"auth/<Name>"`. */
  readonly id: KindId;
  readonly family: KindFamily;
  /** The name of its type in `@cdx/types`. */
  readonly title: string;
  readonly schemaId: string;
  /** File of its precompiled canonical validator and field map under generated/validators/. */
  readonly module: string;
  /** File of its strict twin (the fast path) under generated/validators/; may be `module`. */
  readonly twinModule: string;
  /** A synchronous query: exactly one destination; data-on-demand checks apply. */
  readonly query: boolean;
  readonly beta: boolean;
  /** Extra detection hints for non-Data-Model kinds (schema keyword `cdxDetect`). */
  readonly detect?: Readonly<Record<string, string>>;
  /** FHIR: the R4 resource type the payload is validated as (`module` and `twinModule` are its). */
  readonly base?: string;
  /** FHIR: a service profile, whose constraints beyond R4 are checked apart (rule service-profile). */
  readonly overlay?: true;
  /** FHIR: the service carries resources of this type in some operation, notification or search. */
  readonly service?: true;
}
