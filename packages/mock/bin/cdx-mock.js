#!/usr/bin/env node
// The cdx-mock executable: dist/cli.js (see src/cli.ts). A committed file, so that installing a clone links
// the bin before anything is built (pnpm skips a bin whose file is missing).
import '../dist/cli.js';
