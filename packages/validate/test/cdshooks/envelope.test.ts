// A CDS Hooks request in the service's Meta envelope is checked at least as much as the same request
// bare: the hook library's own examples, wrapped, give exactly the findings they give bare (same rule,
// message and pointer), and the envelope is checked besides.
import { describe, expect, it } from 'vitest';
import { listKinds, validate, type Finding } from '../../src/index.js';
import { specBlocks } from './spec-examples.js';

type Json = Record<string, unknown>;

const INSTANCE = 'd1577c69-dfbe-44ad-ba6d-3e05e953b2ea';

/** The envelope as the service's own messages carry it. */
const meta = (eventType: string) => ({
  DataModel: 'CDSHooks',
  EventType: eventType,
  EventDateTime: '2026-03-02T09:15:00Z',
  Test: true,
  Source: { ID: '7ce6f387-c33c-417d-8682-81e83628cbd9', Name: 'Monroe Clinic EHR' },
  Destinations: [{ ID: 'af394f14-b34a-464f-8d24-895f370af4c9', Name: 'Riverside Health EHR' }],
});

/** The service's name of the event a hook's request is sent under: its own kinds keep their names. */
const EVENT: Record<string, string> = { 'patient-view': 'PatientView' };

const brief = (findings: readonly Finding[]) => findings.map((f) => ({ ruleId: f.ruleId, messageId: f.messageId, pointer: f.pointer, severity: f.severity }));

/** Every hook page's context example, as a request of its hook. order-sign has the service's own listing. */
const requests = specBlocks().flatMap((block) => {
  if (!block.hook || block.hook === 'order-sign' || !('value' in block.json)) return [];
  const request: Json = { hook: block.hook, hookInstance: INSTANCE, ...(block.json.value as Json) };
  return [[block.at, block.hook, request] as const];
});

describe('CDS Hooks requests in the Meta envelope', () => {
  it('cover every library hook but order-sign', () => {
    const hooks = new Set(requests.map(([, hook]) => hook));
    const library = listKinds().flatMap((k) => (k.hook && k.hook.name !== 'order-sign' ? [k.hook.name] : []));
    expect([...hooks].sort()).toEqual(library.sort());
  });

  it.each(requests)('%s wrapped gives the findings it gives bare', (_at, hook, request) => {
    const bare = validate(request);
    const wrapped = validate({ Meta: meta(EVENT[hook] ?? hook), ...request });
    expect(wrapped.kind).toBe(`CDSHooks/${EVENT[hook] ?? hook}`);
    expect(brief(wrapped.findings)).toEqual(brief(bare.findings));
    expect(wrapped.findings.map((f) => f.message)).toEqual(bare.findings.map((f) => f.message));
  });

  it('the envelope is checked besides the body', () => {
    const [, hook, request] = requests.find(([, h]) => h === 'order-select')!;
    const envelope = { ...meta(hook), EventDateTime: 'yesterday' };
    const wrapped = validate({ Meta: envelope, ...request });
    const bare = validate(request);
    const envelopeFinding = { ruleId: 'schema', messageId: 'format', pointer: '/Meta/EventDateTime', severity: 'error' };
    expect(brief(wrapped.findings)).toEqual([envelopeFinding, ...brief(bare.findings)]);
  });

  it('a body whose hook is not the event is told which hook to write', () => {
    const [, , request] = requests.find(([, h]) => h === 'appointment-book')!;
    const wrapped = validate({ Meta: meta('order-dispatch'), ...request });
    expect(wrapped.kind).toBe('CDSHooks/order-dispatch');
    expect(wrapped.findings).toContainEqual(expect.objectContaining({ ruleId: 'schema', pointer: '/hook' }));
  });
});
