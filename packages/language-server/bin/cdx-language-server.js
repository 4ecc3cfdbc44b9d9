#!/usr/bin/env node
// The cdx-language-server executable: the build's dist/bin.js (src/bin.ts). A committed file, so that
// installing a clone links the bin into node_modules/.bin before anything is built (pnpm skips a bin
// whose file is missing, with a warning); it costs one small module load.
import '../dist/bin.js';
