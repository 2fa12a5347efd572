// Bundles the `loopx` command into dist/cli/ (esbuild): one file to parse instead of ~500 modules to resolve
// (kysely alone is 263), with code splitting so what only `serve`, `doctor` or `mcp` use stays in chunks loaded on
// demand. The chat SDKs and better-sqlite3 (native) stay external, loaded from node_modules as before.
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const result = await build({
  entryPoints: { loopx: 'src/cli/main.ts' },
  outdir: 'dist/cli',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  external: ['better-sqlite3', '@slack/*', '@larksuiteoapi/*'],
  // Bundled CommonJS dependencies call require(); an ES module has none, so each chunk gets one.
  banner: { js: "import { createRequire as loopxCreateRequire } from 'node:module'; const require = loopxCreateRequire(import.meta.url);" },
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
// Which sources went into which output file: test/cli/startup.test.ts checks what a command loads with it.
writeFileSync('dist/cli/meta.json', JSON.stringify(result.metafile));
