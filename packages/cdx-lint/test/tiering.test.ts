// The bin tunes when and how much V8 optimises (src/tiering.ts): a lint run calls the code of many
// kinds and types a few hundred times each, and optimising all of it cost more than it saved. The
// flags and their defaults differ by V8 version; the contract below runs on every Node that CI runs.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tieringFlags, tuneTiering } from '../src/tiering.js';

const bin = join(dirname(fileURLToPath(import.meta.url)), '../dist/bin.js');
const example = join(dirname(fileURLToPath(import.meta.url)), '../../../schemas/examples/valid/fhir-patient.json');

const NODE_20 = '11.3.244.8-node.38';
const NODE_22 = '12.4.254.21-node.57';
const NODE_24 = '13.6.233.17-node.53';
const INLINING = '--max-inlined-bytecode-size-cumulative=115';

describe('tieringFlags', () => {
  it('V8 11 (Node 20): four times the interrupt budget, an eighth of the inlining', () => {
    expect(tieringFlags(NODE_20, [])).toEqual(['--interrupt-budget=270336', INLINING]);
  });

  it('V8 12 and 13 (Node 22, Node 24): four times the calls before TurboFan, an eighth of the inlining', () => {
    expect(tieringFlags(NODE_22, [])).toEqual(['--invocation-count-for-turbofan=12000', INLINING]);
    expect(tieringFlags(NODE_24, [])).toEqual(['--invocation-count-for-turbofan=12000', INLINING]);
  });

  it('nothing on a V8 whose flags it does not know (an unknown flag prints an error on every run)', () => {
    expect(tieringFlags('10.2.154.26-node.36', [])).toEqual([]);
    expect(tieringFlags('14.0.1', [])).toEqual([]);
    expect(tieringFlags('', [])).toEqual([]);
  });

  it('leaves a flag node was started with to the user’s value', () => {
    expect(tieringFlags(NODE_20, ['--interrupt-budget=1000'])).toEqual([INLINING]);
    expect(tieringFlags(NODE_20, ['--interrupt_budget', '1000'])).toEqual([INLINING]);
    expect(tieringFlags(NODE_22, ['--invocation_count_for_turbofan=5'])).toEqual([INLINING]);
    expect(tieringFlags(NODE_22, ['--max-inlined-bytecode-size-cumulative=920'])).toEqual(['--invocation-count-for-turbofan=12000']);
    // Another V8 flag does not count.
    expect(tieringFlags(NODE_22, ['--max-old-space-size=100'])).toEqual(['--invocation-count-for-turbofan=12000', INLINING]);
  });

  it('names flags this Node has, with the defaults it assumes', () => {
    const flags = tieringFlags(process.versions.v8, []);
    expect(flags, `V8 ${process.versions.v8} is not in the table`).toHaveLength(2);
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    const defaults = flags.map((flag) => {
      const name = flag.split('=')[0]!;
      const line = new RegExp(`default: ${name}=(\\d+)`).exec(options);
      expect(line, `${name} is not among this V8's options`).not.toBeNull();
      return [name, Number(flag.split('=')[1]) / Number(line![1])];
    });
    expect(defaults).toEqual([
      [expect.stringMatching(/^--(interrupt-budget|invocation-count-for-turbofan)$/), 4],
      ['--max-inlined-bytecode-size-cumulative', 1 / 8],
    ]);
  });
});

describe('tuneTiering', () => {
  it('hands each flag to V8', () => {
    const set: string[] = [];
    tuneTiering({ versions: { v8: NODE_22 }, execArgv: [] }, (flag) => void set.push(flag));
    expect(set).toEqual(['--invocation-count-for-turbofan=12000', INLINING]);
  });

  it('never stops a run: a runtime whose node:v8 cannot set flags lints at its defaults', () => {
    let calls = 0;
    const refuse = () => {
      calls++;
      throw new Error('not implemented');
    };
    expect(() => {
      tuneTiering({ versions: { v8: NODE_20 }, execArgv: [] }, refuse);
    }).not.toThrow();
    expect(calls).toBe(1);
    // A runtime without a V8 version gets no flag.
    expect(() => {
      tuneTiering({ versions: {}, execArgv: [] }, refuse);
    }).not.toThrow();
    expect(calls).toBe(1);
  });
});

describe('the bin', () => {
  it('runs with its flags set and nothing on stderr (V8 prints an error for a flag it lacks)', () => {
    const run = spawnSync(process.execPath, [bin, example], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
