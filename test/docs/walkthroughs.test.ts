import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDbPath, LOOPX_BIN } from '../helpers/cli.js';
import { freePort } from '../helpers/ports.js';

/** The first fenced block of `lang` after `heading` in a Markdown file, exactly as written. */
function fencedBlock(file: string, heading: string, lang = 'sh'): string {
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(heading);
  expect(at, `${heading} in ${file}`).toBeGreaterThanOrEqual(0);
  const start = text.indexOf(`\`\`\`${lang}\n`, at) + lang.length + 4;
  return text.slice(start, text.indexOf('\n```', start));
}

/** The printed-output block following `marker` (a bare fence), each `…` standing for any text. */
function expectedLines(file: string, marker: string): RegExp[] {
  return fencedBlock(file, marker, '')
    .split('\n')
    .map((line) => new RegExp(`^${line.trimEnd().split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')}$`));
}

/** Runs a doc's shell block with bash -e (stops at the first failing command) from the repository root. */
function runBlock(block: string, env: Record<string, string>): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync('bash', ['-e', '-c', block], { cwd: process.cwd(), env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the shell walkthroughs run as written against a fresh `npm start` (demo seeded)', () => {
  const env: Record<string, string> = { LOOPX_DB: freshDbPath('loopx-docs-'), LOOPX_LOG_LEVEL: 'silent' };
  let server: ChildProcess | undefined;
  beforeAll(async () => {
    for (const tool of ['curl', 'jq']) expect(spawnSync(tool, ['--version']).status, `the walkthroughs need ${tool} (apt-get install ${tool})`).toBe(0);
    env.LOOPX_PORT = String(await freePort());
    server = spawn(process.execPath, [LOOPX_BIN, 'serve'], { env: { ...process.env, ...env } });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.on('data', (chunk: Buffer) => ((out += chunk.toString('utf8')), out.includes('Web board:') && resolve()));
      server!.once('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
    });
    expect(out).toContain('seeded the demo goal');
  });
  afterAll(() => server?.kill('SIGTERM'));

  it("README's five-minute tour: the todo ends up Running, the ledger shows the agent's evidence and verifies", () => {
    const run = runBlock(fencedBlock('README.md', '## A five-minute tour of the CLI and the agent API'), env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^Added li \(Li Wei\)\nCreated goal blog \[active\] Launch post\n/);
    expect(run.stdout).toMatch(/"claimed_by":"drafter"/);
    expect(run.stdout).toContain('Todo 0 · Claimed 0 · Running 1');
    expect(run.stdout).toMatch(/agent:drafter +evidence\.added/);
    expect(run.stdout).toMatch(/Ledger intact: \d+ events verified/);
  });

  it("docs/agent-api.md's whole loop prints what the doc says it prints", () => {
    const run = runBlock(fencedBlock('docs/agent-api.md', '### The whole loop, runnable'), env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    const printed = run.stdout.trimEnd().split('\n').map((line) => line.trimEnd());
    const expected = expectedLines('docs/agent-api.md', 'It prints (ids and times differ):');
    expect(printed).toHaveLength(expected.length);
    printed.forEach((line, i) => expect(line).toMatch(expected[i]!));
  });

  it('a failing step stops the walkthrough and says why (no silent `null`)', () => {
    const run = runBlock('loopx() { node dist/cli/loopx.js "$@"; }\nTOKEN=$(loopx agent add writer --goal demo --json | jq -er .token)\necho "went on with $TOKEN"', env);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/loopx: .*already exists/);
    expect(run.stdout).not.toContain('went on');
  });
});
