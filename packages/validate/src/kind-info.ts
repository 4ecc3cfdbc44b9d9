import type { KindId } from '@cdx/types';

/** The family of a kind decides how it is detected. */
export type KindFamily = 'datamodel' | 'cdshooks' | 'fhir' | 'auth' | 'search';

/** A hook of the CDS Hooks hook library, as its page's metadata table and context table give it. */
export interface HookInfo {
  /** The hook's name, the request's `hook` (`order-sign`). */
  readonly name: string;
  /** The page's `hookVersion`. */
  readonly version: string;
  /** The page's `specificationVersion`: the least CDS Hooks version the hook works with. */
  readonly specificationVersion: string;
  /** The page's `hookMaturity` level, 0 (Draft) to 6 (Normative). */
  readonly maturity: number;
  /** The maturity level's title in the CDS Hooks maturity model (`Mature`). */
  readonly maturityTitle: string;
  /** A deprecated hook: the hooks its page names as its replacements. */
  readonly replacedBy?: readonly string[];
  /** The resource types the hook expects `context.userId` to name. */
  readonly userTypes?: readonly string[];
  /** The hook's context fields. */
  readonly contextFields: readonly string[];
  /** The context fields prefetch templates may use as tokens (`{{context.patientId}}`). */
  readonly prefetchTokens: readonly string[];
}

/** What the registry knows of a kind without loading its validator. Generated from schemas/. */
export interface KindInfo {
  /** `"<DataModel>/<EventType>"`, `"cds-hooks/<document or hook>"`, `"fhir/<Name>"` or `"auth/<Name>"`. */
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
  /** An event the spec names without showing its payload: only the Meta envelope is checked (`cdxUnpublished`). */
  readonly unpublished?: true;
  /**
   * A CDS Hooks document in the service's Meta envelope whose body is checked in full as this bare
   * kind (`cdxStandard`): every check of the bare kind, besides the envelope's. An unpublished event
   * only when its body is a hook request.
   */
  readonly standard?: KindId;
  /** Extra detection hints for non-Data-Model kinds (schema keyword `cdxDetect`). */
  readonly detect?: Readonly<Record<string, string>>;
  /** FHIR: the R4 resource type the payload is validated as (`module` and `twinModule` are its). */
  readonly base?: string;
  /** FHIR: a service profile, whose constraints beyond R4 are checked apart (rule service-profile). */
  readonly overlay?: true;
  /** FHIR: the service carries resources of this type in some operation, notification or search. */
  readonly service?: true;
  /**
   * Not FHIR, yet holds FHIR resources (a CDS Hooks document's draft orders, prefetch results,
   * suggested resources): each is validated as its own R4 type and walked with its type's field map.
   */
  readonly resources?: true;
  /** A CDS Hooks request of a hook in the hook library. */
  readonly hook?: HookInfo;
}
