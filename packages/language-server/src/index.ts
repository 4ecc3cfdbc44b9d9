/**
 * `@cdx/language-server`: cdx-lint in the editor, over the Language Server Protocol. Run the
 * `cdx-language-server --stdio` bin from an editor; `startServer` runs it on a connection of your own.
 *
 * @module
 */
export { startServer } from './server.js';
