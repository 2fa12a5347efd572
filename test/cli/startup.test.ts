import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDbPath, LOOPX_BIN, runLoopxJson } from '../helpers/cli.js';

// A CLI command loads what it needs and nothing else (issue 22 #1): never the web board, the chat adapters or
// their SDKs, the scheduler or the MCP server. The loaded files are traced with a module hook and mapped back to
// their sources through the bundle's metafile.

const TRACE_HOOK = join(process.cwd(), 'bench/lib/trace-loads.mjs');
const META = JSON.parse(readFileSync(join(process.cwd(), 'dist/cli/meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
const FORBIDDEN = [/^adapters\//, /^jobs\//, /^src\/mcp\//, /^src\/compose\.ts$/, /^src\/server\.ts$/, /node_modules\/@modelcontextprotocol\//, /node_modules\/node-cron\//, /node_modules\/@slack\//, /node_modules\/@larksuiteoapi\//];

let db: string;
let token: string;

beforeAll(() => {
  db = freshDbPath('loopx-startup-');
  runLoopxJson(db, ['init']);
  runLoopxJson(db, ['goal', 'add', 'blog', '--title', 'Blog', '--objective', 'Publish']);
  token = runLoopxJson(db, ['agent', 'add', 'writer', '--goal', 'blog']).token;
  expect(token).toMatch(/^lpx_/);
});

/** The sources (and packages) one `loopx` run loaded. */
function sourcesLoadedBy(args: readonly string[]): string[] {
  const trace = join(mkdtempSync(join(tmpdir(), 'loopx-trace-')), 'loads.txt');
  const run = spawnSync(process.execPath, ['--import', TRACE_HOOK, LOOPX_BIN, ...args], { env: { ...process.env, LOOPX_DB: db, LOOPX_LOG_LEVEL: 'silent', LOOPX_TRACE_LOADS: trace }, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const root = `file://${process.cwd()}/`;
  return readFileSync(trace, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith(root))
    .flatMap((url) => {
      const file = url.slice(root.length);
      return META.outputs[file] ? Object.keys(META.outputs[file].inputs) : [file];
    });
}

describe('what a CLI command loads', { timeout: 60_000 }, () => {
  it.each([
    [['--help']],
    [['todo', 'add', 'blog', 'Draft the post']],
    [['should-run', 'blog', '--agent', 'writer', '--turn', 't1']],
    [['status', 'blog']],
  ])('loopx %j loads no web board, chat adapter, scheduler or MCP code', (args) => {
    const loaded = sourcesLoadedBy(args);
    expect(loaded.some((source) => source.startsWith('src/cli/'))).toBe(true);
    expect(loaded.filter((source) => FORBIDDEN.some((pattern) => pattern.test(source)))).toEqual([]);
  });

  it('loopx serve does load the server, and mcp its SDK (the check can fail)', () => {
    const serveChunks = Object.entries(META.outputs).filter(([, output]) => 'src/compose.ts' in output.inputs);
    expect(serveChunks.length).toBe(1);
    expect(Object.keys(serveChunks[0]![1].inputs).some((source) => source.startsWith('adapters/web/'))).toBe(true);
  });
});
