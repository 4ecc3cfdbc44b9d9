#!/usr/bin/env node
// Bundles a package's compiled ESM entry point (tsc's output) into one file beside it:
// dist/index.js → dist/index.bundle.js (same folder, so paths relative to import.meta.url hold).
// Loading ~40 small ES modules costs Node ~2 ms each (resolve, realpath, read, compile): for a
// pre-commit hook that lints one file, that was half the start-up. One file loads in a few ms.
// Type declarations stay tsc's; files loaded at run time by path (generated validators, workers)
// are not touched, and neither are the package's own CommonJS files (.cjs) the code imports: the
// generated validators require them too, and both sides must share one instance of each.
//
// usage (from a package folder): node ../../scripts/bundle.mjs dist/index.js [--external <pkg>]... [--inline <file.cjs>]...
// The package's exports point at the bundle; tsc's files stay for the declarations and source maps.
//
// Options for an executable (one entry):
//   --outfile <file>       write the bundle there instead of beside the entry as *.bundle.js;
//   --splitting            modules the code loads with import() stay out of the bundle: they become
//                          files in chunks/ beside it, read only when the import runs (without this,
//                          esbuild inlines them and every start parses them).
//
// --no-sourcemap writes no source map beside the bundle (a package that ships none, docs/decisions.md).
//
// --inline <name.cjs> bundles an own CommonJS file of that name after all: one no other code shares
// (cdx-lint's compiled config schema), which would otherwise be one more file to load at start-up.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: {
    external: { type: 'string', multiple: true },
    inline: { type: 'string', multiple: true },
    outfile: { type: 'string' },
    splitting: { type: 'boolean' },
    'no-sourcemap': { type: 'boolean' },
  },
  allowPositionals: true,
});
if ((values.outfile !== undefined || values.splitting) && positionals.length !== 1) {
  console.error('bundle.mjs: --outfile and --splitting take exactly one entry point.');
  process.exit(2);
}

/** Relative imports of .cjs files stay imports (but those named by --inline), their paths made relative to the bundle. */
function ownCommonJs(outdir) {
  const inline = values.inline ?? [];
  return {
    name: 'own-commonjs',
    setup(build) {
      build.onResolve({ filter: /\.cjs$/ }, ({ path, resolveDir }) => {
        if (!path.startsWith('.') || inline.includes(basename(path))) return undefined;
        return { path: `./${relative(outdir, resolve(resolveDir, path))}`, external: true };
      });
    },
  };
}

for (const entry of positionals) {
  const outfile = values.outfile ?? entry.replace(/\.js$/, '.bundle.js');
  const common = {
    plugins: [ownCommonJs(resolve(dirname(outfile)))],
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: !values['no-sourcemap'],
    legalComments: 'eof',
    external: values.external ?? [],
    logLevel: 'warning',
  };
  if (values.splitting) {
    const outdir = dirname(outfile);
    // Chunk names carry a content hash: clear the last build's, so none is left over and packed.
    rmSync(join(outdir, 'chunks'), { recursive: true, force: true });
    await build({
      ...common,
      entryPoints: [{ in: entry, out: basename(outfile).replace(/\.js$/, '') }],
      outdir,
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
    });
  } else {
    await build({ ...common, outfile });
  }
}
