import { errorAnswer, type Answer } from './answer.js';
import { OPERATIONS, SEARCHES } from './routes/fhir.js';

/** Where a request goes: its route, what its body is, and whether it needs a bearer token. */
export type Route =
  | { name: 'token'; body: 'form'; auth: false; fhir: false; suffix: ''; serviceId: '' }
  | { name: 'authenticate' | 'refresh' | 'endpoint'; body: 'json'; auth: boolean; fhir: false; suffix: ''; serviceId: '' }
  | { name: 'search'; body: 'form'; auth: true; fhir: true; suffix: string; serviceId: '' }
  | { name: 'operation'; body: 'json'; auth: true; fhir: true; suffix: string; serviceId: '' }
  | { name: 'cds-hooks'; body: 'json'; auth: true; fhir: false; suffix: ''; serviceId: string }
  | { name: 'openapi'; body: 'none'; auth: false; fhir: false; suffix: ''; serviceId: '' };

/** A route, or the answer for a request that has none (404, 405). */
export type Routed = Route | { answer: Answer };

/** FHIR paths under `{base_url}/fhir/R4/{destinationSlug}/{environmentFlag}/`, or directly under the base URL. */
const FHIR_PREFIX = /^\/fhir\/R4\/[^/]+\/[^/]+(\/.*)$/;
const CDS_HOOKS = /^\/cds-hooks\/v1\/sources\/([^/]+)\/cds-services\/([^/]+)$/;

function pathOf(url: string): string | undefined {
  if (!url.startsWith('/')) return undefined;
  const path = url.split('?')[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

function resolve(path: string): Route | undefined {
  if (path === '/v2/auth/token') return { name: 'token', body: 'form', auth: false, fhir: false, suffix: '', serviceId: '' };
  if (path === '/auth/authenticate') return { name: 'authenticate', body: 'json', auth: false, fhir: false, suffix: '', serviceId: '' };
  if (path === '/auth/refreshToken') return { name: 'refresh', body: 'json', auth: false, fhir: false, suffix: '', serviceId: '' };
  if (path === '/endpoint') return { name: 'endpoint', body: 'json', auth: true, fhir: false, suffix: '', serviceId: '' };
  const cds = CDS_HOOKS.exec(path);
  if (cds) return { name: 'cds-hooks', body: 'json', auth: true, fhir: false, suffix: '', serviceId: cds[2]! };
  const suffix = (FHIR_PREFIX.exec(path)?.[1] ?? path).slice(1);
  if (Object.hasOwn(SEARCHES, suffix)) return { name: 'search', body: 'form', auth: true, fhir: true, suffix, serviceId: '' };
  if (Object.hasOwn(OPERATIONS, suffix)) return { name: 'operation', body: 'json', auth: true, fhir: true, suffix, serviceId: '' };
  return undefined;
}

/** Routes a request by method and URL; every route of the service is a POST. */
export function route(method: string, url: string): Routed {
  const path = pathOf(url);
  if (path === '/openapi.json' && (method === 'GET' || method === 'HEAD'))
    return { name: 'openapi', body: 'none', auth: false, fhir: false, suffix: '', serviceId: '' };
  const target = path === undefined ? undefined : resolve(path);
  if (target === undefined) return { answer: errorAnswer(404, 'not-found', `The service has no endpoint at ${JSON.stringify((path ?? url).slice(0, 200))}.`) };
  if (method !== 'POST') return { answer: { ...errorAnswer(405, 'method-not-allowed', `${path} takes POST.`), headers: { allow: 'POST' } } };
  return target;
}
