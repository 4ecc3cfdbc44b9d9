import type { KindInfo } from '../kind-info.js';
import { getKind } from '../registry.js';
import { CDS_DOCUMENTS, hookKinds } from './kinds.js';

type Json = Record<string, unknown>;

/**
 * The kind of a CDS Hooks 2.0 document without the service's envelope, by its members: `hook` with
 * `hookInstance` or `context` → that hook's request (a hook the library does not define: the
 * generic request); `cards` or `systemActions` → a service response; `services` → a discovery
 * response; `feedback` → feedback. Undefined when it is none of them.
 */
export function detectCdsHooks(root: Json): KindInfo | undefined {
  const has = (name: string) => Object.hasOwn(root, name);
  if (has('hook') && (has('hookInstance') || has('context'))) {
    const own = typeof root.hook === 'string' ? hookKinds().get(root.hook) : undefined;
    return own ?? getKind(CDS_DOCUMENTS.request);
  }
  if (has('cards') || has('systemActions')) return getKind(CDS_DOCUMENTS.response);
  if (has('services')) return getKind(CDS_DOCUMENTS.discovery);
  if (has('feedback')) return getKind(CDS_DOCUMENTS.feedback);
  return undefined;
}
