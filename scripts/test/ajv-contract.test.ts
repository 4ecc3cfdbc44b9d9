// The contract with the pinned ajv release (scripts/lib/ajv-contract.mjs): what the generator makes
// of ajv's standalone code for a schema set holding every form it rewrites is the committed
// expectation, and each rewrite met every occurrence of what it rewrites. An ajv upgrade that
// emits anything else fails here, with the difference to review.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ajvVersion, contractFiles, contractRaw, expected } from '../lib/ajv-contract.mjs';
import { compactErrors, instancePathContext } from '../lib/standalone.mjs';

const count = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].length;

describe('the contract with the pinned ajv', () => {
  it('is recorded for the ajv release the catalog pins', () => {
    const catalog = /^ {2}ajv: (\S+)$/m.exec(readFileSync(new URL('../../pnpm-workspace.yaml', import.meta.url), 'utf8'))?.[1];
    expect(ajvVersion()).toBe(catalog);
    expect(expected('canonical.cjs').split('\n')[0]).toContain(`ajv ${ajvVersion()}:`);
  });

  it('gives the committed canonical validator and twin', () => {
    const files = contractFiles();
    expect(files['canonical.cjs']).toBe(expected('canonical.cjs'));
    expect(files['twin.cjs']).toBe(expected('twin.cjs'));
  });

  it('rewrites every error, callee error, signature and call context ajv emits', () => {
    const raw = contractRaw();
    const canonical = contractFiles()['canonical.cjs'];
    const records = count(raw, /^const err\d+ = /gm);
    const calleeErrors = count(raw, /for \(const vError of [\w$.]+\.errors\) vErrors\.push\(vError\);/g);
    const signatures = count(
      raw,
      /^function validate\d+\(data, \{instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors=\{\}\}=\{\}\)\{$/gm,
    );
    const contexts = count(raw, /, \{instancePath[^{}\n]*,rootData,dynamicAnchors\}\)/g);
    // The fixture holds each form, and more than one of those a module holds many of.
    expect({ records: records > 30, calleeErrors: calleeErrors >= 2, signatures: signatures >= 2, contexts: contexts >= 2 }).toEqual({
      records: true,
      calleeErrors: true,
      signatures: true,
      contexts: true,
    });
    expect(count(canonical, /^vErrors = (?:addError|pushError)\(vErrors, /gm)).toBe(records);
    expect(count(canonical, /^vErrors = addErrors\(vErrors, [\w$.]+\.errors\); errors = vErrors\.length;$/gm)).toBe(calleeErrors);
    expect(count(canonical, /^function validate\d+\(data, \{instancePath=""\}=\{\}\)\{$/gm)).toBe(signatures);
    expect(count(canonical, /, \{instancePath(?::[^{}\n]*)?\}\)/g)).toBe(contexts);
    expect(canonical).not.toMatch(/const err\d+ = |vErrors\.concat\(|rootData|parentData/);
  });

  it('compactErrors throws on an error recorded in a form it does not know', () => {
    expect(() => compactErrors('const err0 = {keyword:"x"};\nvErrors = [err0];')).toThrow(/compactErrors: ajv recorded an error in a form/);
    expect(() => compactErrors('const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{}};\nvErrors.push(err0);\nerrors++;')).toThrow(
      /compactErrors/,
    );
  });

  it('instancePathContext throws without a signature it knows, and on a context left read', () => {
    expect(() => instancePathContext('function validate1(data, ctx){\nreturn true;\n}')).toThrow(/instancePathContext: a validator reads no signature/);
    expect(() =>
      instancePathContext(
        'function validate1(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){\nreturn rootData;\n}',
      ),
    ).toThrow(/instancePathContext: a validator reads/);
  });
});
