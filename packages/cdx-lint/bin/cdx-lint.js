#!/usr/bin/env node
// The cdx-lint executable: the build's bundle (dist/bin.js, see src/main.ts). A committed file, so
// that installing a clone links the bin before anything is built (pnpm skips a bin whose file is
// missing); it costs one small module load.
import '../dist/bin.js';
