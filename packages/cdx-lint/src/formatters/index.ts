import type { Formatter } from './types.js';

export type { FormatContext, Formatter } from './types.js';
export { FormatterError } from './types.js';

/**
 * Every output format, loaded on first use: a pre-commit run prints `stylish` and should not
 * load the SARIF code. Each module exports `format`.
 */
const FORMATTERS = {
  github: () => import('./github.js'),
  json: () => import('./json.js'),
  junit: () => import('./junit.js'),
  sarif: () => import('./sarif.js'),
  stylish: () => import('./stylish.js'),
} satisfies Record<string, () => Promise<{ format: Formatter }>>;

export type FormatName = keyof typeof FORMATTERS;

export const FORMAT_NAMES = Object.keys(FORMATTERS) as FormatName[];

export function isFormatName(name: string): name is FormatName {
  return Object.hasOwn(FORMATTERS, name);
}

export async function loadFormatter(name: FormatName): Promise<Formatter> {
  return (await FORMATTERS[name]()).format;
}
