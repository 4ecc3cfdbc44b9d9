// @ts-check
// The OpenAPI 3.1 description of the service's HTTP interface (spec: "Endpoints", "Authentication",
// "Events"), built from schemas/: every request and response body is the schema of its kind, embedded in
// components.schemas without its $id, and every $ref between schema files rewritten to the component it
// names (`#/components/schemas/<name>/$defs/…`), so the document is self-contained for tools that resolve
// only references inside it. Notifications are OpenAPI webhooks. @cdx/schemas' build writes it to
// dist/openapi.json; @cdx/mock serves it at /openapi.json.

/** @typedef {import('./schemas.mjs').Entry} Entry */

/** `fhir/profiles/charge-item-create.schema.json` → `fhir.profiles.charge-item-create` (a valid component name). */
export function componentName(/** @type {string} */ rel) {
  return rel.replace(/\.schema\.json$/, '').replace(/\//g, '.');
}

/**
 * The $ref targets (schema ids, without fragments) a schema names, resolved against its $id.
 * @param {unknown} node
 * @param {string} base
 * @param {Set<string>} out
 */
function refsOf(node, base, out) {
  if (Array.isArray(node)) for (const item of node) refsOf(item, base, out);
  else if (typeof node === 'object' && node !== null) {
    for (const [name, value] of Object.entries(node)) {
      if (name === '$ref' && typeof value === 'string') out.add(new URL(value, base).href.replace(/#.*$/, ''));
      else refsOf(value, base, out);
    }
  }
}

/**
 * A schema as a component: each $ref pointing into components.schemas (the caller drops $id and $schema:
 * the document is the schema's resource).
 * @param {unknown} node
 * @param {string} base the $id the schema's references are relative to
 * @param {Map<string, Entry>} byId
 * @returns {unknown}
 */
function asComponent(node, base, byId) {
  if (Array.isArray(node)) return node.map((item) => asComponent(item, base, byId));
  if (typeof node !== 'object' || node === null) return node;
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [name, value] of Object.entries(node)) {
    if (name === '$ref' && typeof value === 'string') {
      const url = new URL(value, base);
      const target = byId.get(url.href.replace(/#.*$/, ''));
      if (target === undefined) throw new Error(`emit-openapi: $ref ${value} in ${base} names no schema of schemas/`);
      out.$ref = `#/components/schemas/${componentName(target.rel)}${url.hash.slice(1)}`;
    } else out[name] = asComponent(value, base, byId);
  }
  return out;
}

/** A finding as the service double reports it (cdx-lint's fields). */
const FINDING = {
  type: 'object',
  required: ['ruleId', 'severity', 'pointer', 'message'],
  properties: {
    ruleId: { type: 'string', description: 'Stable rule id (docs/rules/<ruleId>.md).' },
    severity: { enum: ['error', 'warning'] },
    pointer: { type: 'string', description: 'JSON Pointer of the offending member.' },
    message: { type: 'string' },
    fix: {
      type: 'object',
      required: ['kind', 'pointer', 'from', 'to'],
      properties: { kind: { const: 'rename-member' }, pointer: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
    },
  },
};

const ERROR = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    kind: { type: ['string', 'null'] },
    findings: { type: 'array', items: { $ref: '#/components/schemas/Finding' } },
  },
};

const OAUTH_ERROR = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { enum: ['invalid_request', 'invalid_client'] },
    error_description: { type: 'string' },
    findings: { type: 'array', items: { $ref: '#/components/schemas/Finding' } },
  },
};

/**
 * @param {Entry[]} entries every schema, from loadSchemas()
 * @param {{ version: string }} info
 */
export function openApiDocument(entries, { version }) {
  /** @type {Map<string, Entry>} */
  const byKind = new Map();
  /** @type {Map<string, Entry>} */
  const byId = new Map();
  for (const entry of entries) {
    byId.set(entry.id, entry);
    if (typeof entry.schema.cdxKind === 'string') byKind.set(entry.schema.cdxKind, entry);
  }
  /** @type {Set<string>} */
  const used = new Set();
  const ref = (/** @type {string} */ kind) => {
    const entry = byKind.get(kind);
    if (entry === undefined) throw new Error(`emit-openapi: no schema has cdxKind ${kind}`);
    used.add(entry.id);
    return { $ref: `#/components/schemas/${componentName(entry.rel)}` };
  };
  const json = (/** @type {object} */ schema, type = 'application/json') => ({ content: { [type]: { schema } } });
  const fhir = (/** @type {object} */ schema) => json(schema, 'application/fhir+json');
  const unauthorized = { description: 'No valid, unexpired bearer token.' };
  const outcome = () => fhir(ref('fhir/OperationOutcome'));

  const datamodel = [...byKind.keys()].filter((k) => byKind.get(k)?.family === 'datamodel').sort();
  /** @type {Record<string, object>} */
  const paths = {
    '/v2/auth/token': {
      post: {
        operationId: 'token',
        summary: 'OAuth 2.0 token for a signed client assertion (client_credentials with a JWT bearer assertion).',
        security: [],
        requestBody: { required: true, ...json(ref('auth/TokenRequest'), 'application/x-www-form-urlencoded') },
        responses: {
          200: { description: 'The access token.', ...json(ref('auth/TokenResponse')) },
          400: { description: 'The form is not what the service accepts.', ...json({ $ref: '#/components/schemas/OAuthError' }) },
          401: {
            description: 'The client or its assertion is refused (bad signature, reused jti, expired…).',
            ...json({ $ref: '#/components/schemas/OAuthError' }),
          },
        },
      },
    },
    '/auth/authenticate': {
      post: {
        operationId: 'authenticate',
        summary: 'Legacy API key: an access token valid 24 hours, and a refresh token.',
        security: [],
        requestBody: { required: true, ...json(ref('auth/AuthenticateRequest')) },
        responses: {
          200: { description: 'The tokens.', ...json(ref('auth/AuthenticateResponse')) },
          400: { description: 'Invalid body.', ...json({ $ref: '#/components/schemas/Error' }) },
          401: { description: 'Unknown key or wrong secret.', ...json({ $ref: '#/components/schemas/Error' }) },
        },
      },
    },
    '/auth/refreshToken': {
      post: {
        operationId: 'refreshToken',
        summary: 'Legacy API key: new tokens for the latest refresh token.',
        security: [],
        requestBody: { required: true, ...json(ref('auth/RefreshTokenRequest')) },
        responses: {
          200: { description: 'The tokens.', ...json(ref('auth/AuthenticateResponse')) },
          400: { description: 'Invalid body.', ...json({ $ref: '#/components/schemas/Error' }) },
          401: { description: 'Unknown key or stale refresh token.', ...json({ $ref: '#/components/schemas/Error' }) },
        },
      },
    },
    '/endpoint': {
      post: {
        operationId: 'dataModel',
        summary: 'Data Model API: a message with its Meta envelope (events, queries, writes).',
        requestBody: { required: true, ...json({ oneOf: datamodel.map(ref) }) },
        responses: {
          200: {
            description: 'A query answered (AvailableSlots → AvailableSlotsResponse…).',
            ...json({ oneOf: ['Scheduling/AvailableSlotsResponse', 'CDSHooks/discovery-response', 'CDSHooks/patient-view-response'].map(ref) }),
          },
          202: { description: 'An accepted message (the spec shows no response body).' },
          400: { description: 'A refused message, with the findings.', ...json({ $ref: '#/components/schemas/Error' }) },
          401: unauthorized,
        },
      },
    },
    '/cds-hooks/v1/sources/{sourceId}/cds-services/{serviceId}': {
      parameters: [
        { name: 'sourceId', in: 'path', required: true, schema: { type: 'string' }, description: 'Source within an environment.' },
        { name: 'serviceId', in: 'path', required: true, schema: { type: 'string' }, description: 'Destination system of the hook call.' },
      ],
      post: {
        operationId: 'cdsHooksOrderSign',
        summary: 'CDS Hooks order-sign call (beta).',
        requestBody: { required: true, ...json({ oneOf: [ref('CDSHooks/order-sign'), ref('cds-hooks/order-sign')] }) },
        responses: {
          200: { description: 'Cards.', ...json(ref('cds-hooks/response')) },
          400: { description: 'A refused request, with the findings.', ...json({ $ref: '#/components/schemas/Error' }) },
          401: unauthorized,
        },
      },
    },
  };
  const FHIR_BASE = '/fhir/R4/{destinationSlug}/{environmentFlag}';
  const fhirParameters = [
    { name: 'destinationSlug', in: 'path', required: true, schema: { type: 'string' } },
    { name: 'environmentFlag', in: 'path', required: true, schema: { type: 'string' } },
  ];
  /** @type {[string, string, string][]} */
  const operations = [
    ['ChargeItem/$charge-item-create', 'fhir/ChargeItemCreate', 'chargeItemCreate'],
    ['ServiceRequest/$referral-request', 'fhir/ReferralRequest', 'referralRequest'],
    ['ServiceRequest/$referral-complete', 'fhir/ReferralComplete', 'referralComplete'],
    ['DocumentReference/$documentreference-create', 'fhir/DocumentReferenceCreate', 'documentReferenceCreate'],
    ['Encounter/$encounter-transfer', 'fhir/EncounterTransfer', 'encounterTransfer'],
    ['Claim/$attach', 'fhir/ClaimAttach', 'claimAttach'],
  ];
  for (const [suffix, kind, operationId] of operations) {
    paths[`${FHIR_BASE}/${suffix}`] = {
      parameters: fhirParameters,
      post: {
        operationId,
        summary: byKind.get(kind)?.schema.description,
        requestBody: { required: true, ...fhir(ref(kind)) },
        responses: {
          204: { description: 'Accepted (the spec: no body).' },
          401: unauthorized,
          422: { description: 'Refused, one issue per finding.', ...outcome() },
        },
      },
    };
  }
  paths[`${FHIR_BASE}/MedicationRequest`] = {
    parameters: fhirParameters,
    post: {
      operationId: 'medicationRequestCreate',
      summary: 'Create a MedicationRequest.',
      requestBody: { required: true, ...fhir(ref('fhir/MedicationRequest')) },
      responses: {
        201: { description: 'Created.', ...fhir(ref('fhir/MedicationRequest')) },
        401: unauthorized,
        422: { description: 'Refused, one issue per finding.', ...outcome() },
      },
    },
  };
  for (const type of ['Goal', 'Patient']) {
    paths[`${FHIR_BASE}/${type}/_search`] = {
      parameters: fhirParameters,
      post: {
        operationId: `${type.toLowerCase()}Search`,
        summary: `Search ${type} (form parameters, each repeatable).`,
        requestBody: { required: true, ...json(ref(`fhir/${type}/_search`), 'application/x-www-form-urlencoded') },
        responses: {
          200: { description: 'A searchset Bundle.', ...fhir(ref('fhir/searchset')) },
          400: { description: 'Unknown parameter or bad value.', ...outcome() },
          401: unauthorized,
        },
      },
    };
  }

  /** @type {Record<string, object>} */
  const webhooks = {};
  const events = ['PatientAdmin/PatientMerge', 'Provider/Update', 'Provider/Deactivate', 'fhir/ResultCreated', 'fhir/PatientAdminUpdated'];
  for (const kind of events) {
    const fhirEvent = kind.startsWith('fhir/');
    webhooks[kind.replace('/', '.')] = {
      post: {
        operationId: `notify${kind.split('/')[1]}`,
        summary: `Notification: ${kind}.`,
        requestBody: { required: true, ...(fhirEvent ? fhir(ref(kind)) : json(ref(kind))) },
        responses: { '2XX': { description: 'Received.' } },
      },
    };
  }

  // Every schema the referenced ones reach through $ref, so the document is self-contained.
  const queue = [...used];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    const entry = byId.get(id);
    if (entry === undefined) throw new Error(`emit-openapi: $ref to ${id}, which is no schema of schemas/`);
    /** @type {Set<string>} */
    const targets = new Set();
    refsOf(entry.schema, entry.id, targets);
    for (const target of targets) {
      if (!used.has(target) && target !== entry.id) {
        used.add(target);
        queue.push(target);
      }
    }
  }
  /** @type {Record<string, object>} */
  const schemas = { Finding: FINDING, Error: ERROR, OAuthError: OAUTH_ERROR };
  for (const entry of entries) {
    if (!used.has(entry.id)) continue;
    const { $id: _id, $schema: _schema, ...rest } = entry.schema;
    schemas[componentName(entry.rel)] = /** @type {object} */ (asComponent(rest, entry.id, byId));
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Clinical Data Exchange Service',
      version,
      description:
        'The HTTP interface of the Clinical Data Exchange Service, from the cdx schemas. Bodies are JSON Schema 2020-12; the cdx* keywords are annotations of the cdx vocabulary.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '{base_url}', variables: { base_url: { default: 'https://api.cdx.example', description: 'The service base address.' } } }],
    security: [{ bearer: [] }],
    paths,
    webhooks,
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An access token from /v2/auth/token (OAuth API key) or /auth/authenticate (legacy API key).' },
      },
    },
  };
}
