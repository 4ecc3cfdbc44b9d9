// A fix is offered only when it is certainly right: the renamed member is unknown where it is and
// its new name defined there (members.ts), and the payload with the fixes applied validates no worse
// (fix-check.ts). Otherwise the rename is a suggestion for a human.
import { describe, expect, it } from 'vitest';
import { applyRenames, verifiedFixes } from '../src/fix-check.js';
import type { Finding } from '../src/index.js';
import { validate } from '../src/index.js';
import { validExample } from './fhir/support.js';

const rename = (pointer: string, from: string, to: string) => ({ kind: 'rename-member' as const, pointer, from, to });

describe('applyRenames', () => {
  it('renames in a copy of the path, keeping member order and sharing the rest', () => {
    const payload = { a: { b: 1, c: { d: 2 }, e: 3 }, f: [{ g: 4 }] };
    const fixed = applyRenames(payload, [rename('/a/c', 'c', 'x'), rename('/f/0/g', 'g', 'h')]) as Record<string, any>;
    expect(fixed).toEqual({ a: { b: 1, x: { d: 2 }, e: 3 }, f: [{ h: 4 }] });
    expect(Object.keys(fixed.a)).toEqual(['b', 'x', 'e']);
    expect(payload).toEqual({ a: { b: 1, c: { d: 2 }, e: 3 }, f: [{ g: 4 }] });
    expect(fixed.a.x).toBe(payload.a.c);
  });

  it('does not apply a rename onto a taken name or of a member that is not there', () => {
    expect(applyRenames({ a: 1, b: 2 }, [rename('/a', 'a', 'b')])).toBeUndefined();
    expect(applyRenames({ a: 1 }, [rename('/z', 'z', 'y')])).toBeUndefined();
  });

  it('copies each container on the renamed paths once, however many renames go through it', () => {
    // 1,000 renames below one array of 5,000 items: copying the array again for each rename spread
    // it 1,000 times (the 40,000-misspelling request spent 1.1 s in this copy alone). Spreads of
    // the array are counted through the array iterator, which `[...array]` calls.
    const entry = Array.from({ length: 5000 }, () => ({ birthdate: 1 }));
    const fixes = Array.from({ length: 1000 }, (_, i) => rename(`/entry/${i}/birthdate`, 'birthdate', 'birthDate'));
    const iterator = Object.getOwnPropertyDescriptor(Array.prototype, Symbol.iterator)!;
    let spreads = 0;
    Object.defineProperty(Array.prototype, Symbol.iterator, {
      ...iterator,
      value: function (this: unknown[]) {
        if (this.length === entry.length) spreads++;
        return (iterator.value as () => Iterator<unknown>).call(this);
      },
    });
    let fixed: { entry: Record<string, unknown>[] };
    try {
      fixed = applyRenames({ entry }, fixes) as typeof fixed;
    } finally {
      Object.defineProperty(Array.prototype, Symbol.iterator, iterator);
    }
    expect(fixed.entry[999]).toEqual({ birthDate: 1 });
    expect(fixed.entry[1000]).toBe(entry[1000]);
    expect(spreads).toBe(1);
  });
});

describe('verifiedFixes', () => {
  const drift = (pointer: string, from: string, to: string): Finding => ({
    ruleId: 'spelling-drift',
    messageId: 'nearMiss',
    severity: 'warning',
    message: 'm',
    pointer,
    fix: rename(pointer, from, to),
  });

  it('keeps a fix whose result has no error at the renamed member', () => {
    const findings = [drift('/gendr', 'gendr', 'gender')];
    expect(verifiedFixes({ gendr: 'male' }, findings, () => [])).toEqual(findings);
  });

  it("turns a fix into a suggestion when the value does not fit its new name's type", () => {
    const findings = [drift('/intnt', 'intnt', 'intent')];
    const out = verifiedFixes({ intnt: 5 }, findings, () => [{ ruleId: 'schema', messageId: 'required', severity: 'error', message: 'm', pointer: '/intent' }]);
    expect(out).toEqual([
      {
        ruleId: 'spelling-drift',
        messageId: 'nearMiss',
        severity: 'warning',
        message: 'm',
        pointer: '/intnt',
        suggestions: [rename('/intnt', 'intnt', 'intent')],
      },
    ]);
  });

  it('keeps the fix of a misspelt parent although the rename reveals problems inside it', () => {
    const findings = [drift('/Patinet', 'Patinet', 'Patient')];
    const after: Finding[] = [
      { ruleId: 'schema', messageId: 'required', severity: 'error', message: 'm', pointer: '/Patient/PreviousIdentifiers' },
      { ruleId: 'spelling-drift', messageId: 'nearMiss', severity: 'warning', message: 'm', pointer: '/Patient/Demographics/FirstNmae' },
    ];
    expect(verifiedFixes({ Patinet: {} }, findings, () => after)).toEqual(findings);
  });

  it('turns every fix into a suggestion when the result has more errors elsewhere and no rename is to blame', () => {
    const findings = [drift('/a', 'a', 'b')];
    const out = verifiedFixes({ a: 1 }, findings, () => [{ ruleId: 'schema', messageId: 'required', severity: 'error', message: 'm', pointer: '/c' }]);
    expect(out[0]!.fix).toBeUndefined();
    expect(out[0]!.suggestions).toEqual([rename('/a', 'a', 'b')]);
  });

  it('counts an error beside a renamed member, under a name it begins with, as outside it', () => {
    const findings = [drift('/a', 'a', 'b')];
    // `/bc/x` starts with the landing `/b` as a string but stands in another member.
    const out = verifiedFixes({ a: 1 }, findings, () => [{ ruleId: 'schema', messageId: 'required', severity: 'error', message: 'm', pointer: '/bc/x' }]);
    expect(out[0]!.fix).toBeUndefined();
  });

  it('judges each of many fixes by its own landing place', () => {
    const findings = Array.from({ length: 50 }, (_, i) => drift(`/e/${i}/gendr`, 'gendr', 'gender'));
    const payload = { e: Array.from({ length: 50 }, () => ({ gendr: 'male' })) };
    // The value of the 7th does not fit; inside the 9th a problem is revealed (the rename's, not the fix's fault).
    const after: Finding[] = [
      { ruleId: 'schema', messageId: 'type', severity: 'error', message: 'm', pointer: '/e/7/gender' },
      { ruleId: 'schema', messageId: 'required', severity: 'error', message: 'm', pointer: '/e/9/gender/x' },
    ];
    const out = verifiedFixes(payload, findings, () => after);
    expect(out.filter((f) => f.fix === undefined).map((f) => f.pointer)).toEqual(['/e/7/gendr']);
  });
});

describe('validate() offers only fixes that hold', () => {
  it('a misspelt Patient member whose value fits is fixed', () => {
    const patient = { ...validExample('fhir-patient') };
    patient.gendr = patient.gender;
    delete patient.gender;
    const drift = validate(patient).findings.find((f) => f.ruleId === 'spelling-drift');
    expect(drift?.fix).toEqual(rename('/gendr', 'gendr', 'gender'));
  });

  it('a near miss whose value could not be that member is only a suggestion', () => {
    const patient: Record<string, unknown> = { ...validExample('fhir-patient'), gendr: 42 };
    delete patient.gender;
    const drift = validate(patient).findings.find((f) => f.ruleId === 'spelling-drift');
    expect(drift?.fix).toBeUndefined();
    expect(drift?.suggestions).toEqual([rename('/gendr', 'gendr', 'gender')]);
  });
});
