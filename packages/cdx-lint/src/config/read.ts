import { ToolFileError, readRegularText } from '../output/tool-file.js';
import { ConfigError } from './types.js';

/**
 * The text of a config file (or a package.json that may hold one). Only a regular file is read:
 * a FIFO named cdx-lint.config.json hung every run, waiting for a writer; a directory or a device
 * is named as what it is. A symlink to a regular file is followed (a shared config is often one).
 */
export function readConfigText(path: string, display: string): string {
  try {
    return readRegularText(path, display);
  } catch (error) {
    if (error instanceof ToolFileError) throw new ConfigError(`${error.message}: cdx-lint reads its config only from a regular file.`);
    throw new ConfigError(`Cannot read the config ${display}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
}
