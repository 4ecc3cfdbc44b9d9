// The searchset Bundle of a FHIR search, from the fixtures' resources: each parameter the mock understands
// narrows the matches (AND across parameters and repeats, OR across the comma-separated values of one), and
// parameters it does not understand narrow nothing, as the spec says support varies between sites.
type Resource = Record<string, unknown> & { resourceType: string };
type Matcher = (resource: Resource, value: string) => boolean;

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const field = (value: unknown, name: string): unknown => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined);
const text = (value: unknown): string => (typeof value === 'string' ? value.toLowerCase() : '');

/** `[system]|[code]`, `|code` or `code` against identifiers. */
function identifierMatches(identifiers: unknown, value: string): boolean {
  const bar = value.indexOf('|');
  const system = bar === -1 ? undefined : value.slice(0, bar);
  const code = bar === -1 ? value : value.slice(bar + 1);
  return list(identifiers).some((id) => field(id, 'value') === code && (system === undefined || system === '' || field(id, 'system') === system));
}

/** A reference parameter: `Type/id`, `id`, or the full URL ending in either. */
function referenceMatches(reference: unknown, value: string): boolean {
  const ref = field(reference, 'reference');
  if (typeof ref !== 'string') return false;
  return ref === value || ref.endsWith(`/${value}`) || value.endsWith(`/${ref}`);
}

const startsWithName = (names: unknown, member: string, value: string) =>
  list(names).some((name) => list(field(name, member)).some((part) => text(part).startsWith(value.toLowerCase())));

const MATCHERS: Readonly<Record<string, Readonly<Record<string, Matcher>>>> = {
  Patient: {
    identifier: (r, v) => identifierMatches(r.identifier, v),
    family: (r, v) => startsWithName(r.name, 'family', v),
    given: (r, v) => startsWithName(r.name, 'given', v),
    gender: (r, v) => r.gender === v,
    birthdate: (r, v) => typeof r.birthDate === 'string' && r.birthDate === v.replace(/^eq/, ''),
    active: (r, v) => (r.active === false ? 'false' : 'true') === v,
    email: (r, v) => list(r.telecom).some((t) => field(t, 'system') === 'email' && text(field(t, 'value')) === v.toLowerCase()),
  },
  Goal: {
    patient: (r, v) => referenceMatches(r.subject, v),
    'lifecycle-status': (r, v) => r.lifecycleStatus === v,
  },
};

/** Where a `_revinclude` value `Type:param` looks: the member of `Type` that refers to the match. */
const REVINCLUDE: Readonly<Record<string, { type: string; member: string }>> = {
  'Coverage:beneficiary': { type: 'Coverage', member: 'beneficiary' },
  'Account:subject': { type: 'Account', member: 'subject' },
};

export type SearchForm = Readonly<Record<string, readonly string[]>>;

/** Resources of `type` that match every understood parameter of the form. */
export function matching(type: string, resources: readonly Resource[], form: SearchForm): Resource[] {
  const matchers = MATCHERS[type] ?? {};
  return resources.filter((resource) =>
    Object.entries(form).every(([name, values]) => {
      const matcher = matchers[name];
      return matcher === undefined || values.every((value) => value.split(',').some((one) => matcher(resource, one)));
    }),
  );
}

/** A searchset Bundle of the matches and the resources `_revinclude` asks for. */
export function searchset(
  type: string,
  matches: readonly Resource[],
  revinclude: readonly string[],
  fixtures: { resources: (type: string) => readonly Resource[]; referencesTo: (resource: Resource) => readonly string[]; standalone: <T>(resource: T) => T },
  baseUrl: string,
): Record<string, unknown> {
  const entry: Record<string, unknown>[] = matches.map((resource) => ({ fullUrl: fullUrlOf(baseUrl, resource), resource, search: { mode: 'match' } }));
  for (const value of revinclude) {
    const spec = REVINCLUDE[value];
    if (spec === undefined) continue;
    const targets = new Set(matches.flatMap((m) => fixtures.referencesTo(m)));
    for (const candidate of fixtures.resources(spec.type)) {
      for (const member of list(candidate[spec.member])) {
        const ref = field(member, 'reference');
        if (typeof ref === 'string' && targets.has(ref)) {
          entry.push({ fullUrl: fullUrlOf(baseUrl, candidate), resource: fixtures.standalone(candidate), search: { mode: 'include' } });
          break;
        }
      }
    }
  }
  return { resourceType: 'Bundle', type: 'searchset', total: matches.length, entry };
}

function fullUrlOf(baseUrl: string, resource: Resource): string {
  return typeof resource.id === 'string' ? `${baseUrl}/fhir/R4/mock/test/${resource.resourceType}/${resource.id}` : `urn:uuid:${crypto.randomUUID()}`;
}
