// The strict twin's plain-object guard under `node --disable-proto`: it reads __proto__ where Node
// provides it and falls back to Object.getPrototypeOf, so the built package decides the same either way.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { examplesDir, kindFile, readJson } from './support/cases.js';

const example = () => readJson(`${examplesDir}/valid/${kindFile('PatientAdmin/PatientMerge')}.json`) as Record<string, unknown>;

describe('strict twin (built package)', () => {
  it.each(['delete', 'throw'])('decides the same with --disable-proto=%s', (mode) => {
    // The guard reads __proto__ where Node provides it, and falls back to Object.getPrototypeOf.
    const script = `
      const { validate } = await import(${JSON.stringify(new URL('../dist/index.bundle.js', import.meta.url).href)});
      const payload = JSON.parse(process.argv[1]);
      class Patient {}
      const classBuilt = { ...payload, Patient: Object.assign(new Patient(), payload.Patient) };
      const { Meta, ...rest } = payload;
      const inherited = Object.assign(Object.create({ Meta }), rest);
      console.log(JSON.stringify([validate(payload).valid, validate(classBuilt).valid, validate(inherited).findings.map((f) => f.ruleId + ' ' + f.pointer)]));`;
    const run = spawnSync(process.execPath, [`--disable-proto=${mode}`, '--input-type=module', '-e', script, JSON.stringify(example())], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([true, true, expect.arrayContaining(['schema /Meta'])]);
  });
});
