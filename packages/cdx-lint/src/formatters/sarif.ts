import { createHash } from 'node:crypto';
import { relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LintMessage } from '../lint/types.js';
import { safeJson } from './escape.js';
import type { Formatter } from './types.js';

/** A repository-relative URI: percent-encoded segments with `/`, as SARIF's artifactLocation wants. */
function repoUri(filePath: string, root: string): { uri: string; uriBaseId?: string } {
  if (filePath.startsWith('<')) return { uri: encodeURIComponent(filePath) };
  const rel = relative(root, filePath);
  if (rel === '' || rel.startsWith('..')) return { uri: pathToFileURL(filePath).href };
  return { uri: rel.split(sep).map(encodeURIComponent).join('/'), uriBaseId: 'SRCROOT' };
}

/**
 * Identifies a finding across runs and edits elsewhere in the file: rule, file and JSON Pointer,
 * never the line (code scanning would otherwise reopen an alert whenever lines above move).
 */
function fingerprint(ruleId: string, uri: string, message: LintMessage): string {
  // A TypeScript fixture's payloads share pointers: its payload's name tells them apart (JSON files have none).
  const payload = message.payload === undefined ? '' : `\u0000${message.payload}`;
  return createHash('sha256').update(`${ruleId}\u0000${uri}\u0000${message.pointer}${payload}`).digest('hex').slice(0, 32);
}

/**
 * SARIF 2.1.0 for GitHub code scanning and other viewers: rule metadata with links to
 * docs/rules, repository-relative URIs under `%SRCROOT%`, regions, the JSON Pointer as a logical
 * location, rename fixes, and `partialFingerprints`.
 */
export const format: Formatter = (results, context) => {
  const rules = [...context.rules];
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const sarifResults = results.flatMap((result) => {
    const location = repoUri(result.filePath, context.repoRoot);
    return result.messages.map((m) => {
      const artifactLocation = location.uriBaseId ? { uri: location.uri, uriBaseId: location.uriBaseId } : { uri: location.uri };
      const region = { startLine: m.line, startColumn: m.column, endLine: m.endLine, endColumn: m.endColumn };
      const entry: Record<string, unknown> = {
        ruleId: m.ruleId,
        level: m.severity === 2 ? 'error' : 'warning',
        message: { text: m.message },
        locations: [
          {
            physicalLocation: { artifactLocation, region },
            ...(m.pointer ? { logicalLocations: [{ fullyQualifiedName: m.pointer, kind: 'member' }] } : {}),
          },
        ],
        partialFingerprints: { 'cdxLint/pointer/v1': fingerprint(m.ruleId, location.uri, m) },
      };
      const ruleIndex = index.get(m.ruleId);
      if (ruleIndex !== undefined) entry.ruleIndex = ruleIndex;
      if (m.fix) {
        // A rename's finding starts at the member name, which never spans lines: replace just the name.
        const name = { startLine: m.line, startColumn: m.column, endLine: m.line, endColumn: m.column + m.fix.range[1] - m.fix.range[0] };
        entry.fixes = [
          {
            description: { text: `Rename \`${m.fix.from}\` to \`${m.fix.to}\`.` },
            artifactChanges: [{ artifactLocation, replacements: [{ deletedRegion: name, insertedContent: { text: m.fix.text } }] }],
          },
        ];
      }
      return entry;
    });
  });

  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'cdx-lint',
            version: context.version,
            informationUri: rules[0] ? rules[0].docsUrl.slice(0, rules[0].docsUrl.lastIndexOf('/') + 1) : 'https://github.com/',
            rules: rules.map((r) => ({
              id: r.id,
              name: r.id.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase()),
              shortDescription: { text: r.description },
              helpUri: r.docsUrl,
              help: { text: `${r.description} See ${r.docsUrl}` },
              defaultConfiguration: { level: r.defaultSeverity === 'error' ? 'error' : 'warning' },
            })),
          },
        },
        originalUriBaseIds: { SRCROOT: { uri: pathToFileURL(context.repoRoot + sep).href } },
        columnKind: 'utf16CodeUnits',
        results: sarifResults,
      },
    ],
  };
  return `${safeJson(log, 2)}\n`;
};
