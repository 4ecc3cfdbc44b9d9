import type { KindInfo } from '../kind-info.js';
import { listKinds } from '../registry.js';

/** The CDS Hooks documents that are not a hook's request: one kind each, for any hook. */
export const CDS_DOCUMENTS = {
  discovery: 'cds-hooks/discovery',
  response: 'cds-hooks/response',
  feedback: 'cds-hooks/feedback',
  /** A request of a hook the hook library does not define. */
  request: 'cds-hooks/request',
} as const;

/** The service's CDS Hooks messages, in its Meta envelope: the same documents, its own kinds. */
const SERVICE_RESPONSES = new Set(['CDSHooks/patient-view-response']);
const SERVICE_REQUESTS = new Set(['CDSHooks/order-sign']);
const SERVICE_DISCOVERY = new Set(['CDSHooks/discovery-response']);

/** A CDS Hooks 2.0 document without the service's envelope (a bare request, response…). */
export const isStandardCds = (kind: KindInfo): boolean => kind.family === 'cdshooks';

/** A document with `cards` and `systemActions`: a service response, bare or in the Meta envelope. */
export const isCdsResponse = (kind: KindInfo): boolean => kind.id === CDS_DOCUMENTS.response || SERVICE_RESPONSES.has(kind.id);

/** A hook request, bare (any hook) or in the Meta envelope. */
export const isCdsRequest = (kind: KindInfo): boolean =>
  (kind.family === 'cdshooks' && (kind.hook !== undefined || kind.id === CDS_DOCUMENTS.request)) || SERVICE_REQUESTS.has(kind.id);

/** A discovery response, bare or in the Meta envelope. */
export const isCdsDiscovery = (kind: KindInfo): boolean => kind.id === CDS_DOCUMENTS.discovery || SERVICE_DISCOVERY.has(kind.id);

let byHook: Map<string, KindInfo> | undefined;

/** The request kind of each hook of the hook library, by hook name. */
export function hookKinds(): ReadonlyMap<string, KindInfo> {
  byHook ??= new Map(listKinds().flatMap((kind) => (kind.hook ? [[kind.hook.name, kind] as const] : [])));
  return byHook;
}
