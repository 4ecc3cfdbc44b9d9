import { basename, dirname, relative, resolve } from 'node:path';
import { LineIndex, splitBom } from '../locate/text.js';
import { walkJson } from '../locate/walker.js';
import { asConfig, checkConfig } from './check.js';
import { findConfig, type ConfigLocation } from './find.js';
import { ConfigError, type LoadedConfig } from './types.js';
import { readConfigText } from './read.js';
import { checkConfigLink } from './link.js';
import { deprecationWarnings } from './resolve.js';

export interface LoadConfigOptions {
  cwd: string;
  /** A config file to use instead of searching (`--config`), or false for none (`--no-config`). */
  configPath?: string | false;
}

function parseJson(path: string, display: string): unknown {
  const { body } = splitBom(readConfigText(path, display));
  try {
    return JSON.parse(body);
  } catch {
    // Where and what, never the text: a config may be a link to a file that is nobody's business.
    const problem = walkJson(body, {}, undefined, { quote: false });
    const at = problem ? new LineIndex(body).position(problem.offset) : { line: 1, column: 1 };
    throw new ConfigError(`${display}:${at.line}:${at.column}: ${problem?.message ?? 'not valid JSON.'}`);
  }
}

function read(location: ConfigLocation, cwd: string, found = false): LoadedConfig {
  const display = relative(cwd, location.path) || location.path;
  if (found) checkConfigLink(location.path, display);
  const parsed = parseJson(location.path, display);
  const config = location.member ? (parsed as Record<string, unknown> | null)?.[location.member] : parsed;
  const where = location.member ? `${display} ("${location.member}")` : display;
  if (location.member && config === undefined) throw new ConfigError(`${display} has no "${location.member}" member.`);
  const problems = checkConfig(config);
  if (problems.length > 0) {
    throw new ConfigError(
      `Invalid config in ${where}:\n${problems.map((p) => `  - ${p}`).join('\n')}\nThe options are described in schema/cdx-lint.config.schema.json of the cdx-lint package.`,
    );
  }
  const checked = asConfig(config);
  return { config: checked, path: location.path, baseDir: dirname(location.path), warnings: deprecationWarnings(checked).map((w) => `${where}: ${w}`) };
}

/**
 * Loads the config that applies in `cwd`: the one named, the nearest one found upward, or none
 * (every default). Throws ConfigError with a message naming the file, the member and the fix.
 */
export function loadConfig({ cwd, configPath }: LoadConfigOptions): LoadedConfig {
  if (configPath === false) return { config: {}, path: undefined, baseDir: cwd, warnings: [] };
  if (configPath !== undefined) {
    const path = resolve(cwd, configPath);
    return read(basename(path) === 'package.json' ? { path, member: 'cdxLint' } : { path }, cwd);
  }
  const found = findConfig(cwd);
  return found ? read(found, cwd, true) : { config: {}, path: undefined, baseDir: cwd, warnings: [] };
}
