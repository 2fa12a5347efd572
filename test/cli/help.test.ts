import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDbPath, LOOPX_BIN, runLoopx, runLoopxJson } from '../helpers/cli.js';

let db: string;
const loopx = (...args: string[]) => runLoopx(db, args);

beforeAll(() => {
  db = freshDbPath('loopx-help-');
  runLoopxJson(db, ['init']);
  runLoopxJson(db, ['person', 'add', 'ana', '--name', 'Ana']);
  runLoopxJson(db, ['goal', 'add', 'blog', '--title', 'Publish the blog', '--objective', 'Ship it', '--owner', 'ana']);
});

describe('loopx helps a newcomer find the command', () => {
  it.each([['goal --help'], ['goal'], ['goal -h'], ['help goal']])('`loopx %s` lists the group\'s commands with their usage', (line) => {
    const run = loopx(...line.split(' '));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('loopx goal add <id>');
    expect(run.stdout).toContain('loopx goal list');
    expect(run.stdout).toContain('loopx goal bind');
    expect(run.stdout).not.toContain('loopx todo add');
  });

  it('reads `loopx help status` as `loopx status --help`', () => {
    const run = loopx('help', 'status');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('usage: loopx status');
  });

  it('lists the todo group for a bare `loopx todo`', () => {
    const run = loopx('todo');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/loopx todo add[\s\S]*loopx todo claim/);
  });

  it.each([
    [['stauts'], 'loopx status'],
    [['gaol', 'list'], 'loopx goal list'],
    [['goal', 'lsit'], 'loopx goal list'],
    [['todo', 'compelte', 'x'], 'loopx todo complete'],
  ])('suggests the closest command for a typo: %j', (args, suggestion) => {
    const run = loopx(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`Did you mean \`${suggestion}\`?`);
  });

  it('says plainly when nothing is close', () => {
    const run = loopx('frobnicate');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown command "frobnicate"');
    expect(run.stderr).not.toContain('Did you mean');
  });

  it('says what failed on stderr even with --json, whose error shape goes to stdout (a script captures stdout)', () => {
    const run = loopx('goal', 'add', 'blog', '--title', 'Again', '--objective', 'Twice', '--owner', 'ana', '--json');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error.code).toBe('already_exists');
    expect(run.stderr).toMatch(/^loopx: .*already exists/);
  });

  it('runs single-mode commands without their flag: `loopx digest blog` previews, `loopx heartbeat blog` runs', () => {
    const digest = loopx('digest', 'blog', '--json');
    expect(digest.code, digest.stderr).toBe(0);
    expect(JSON.parse(digest.stdout)).toMatchObject({ goal_id: 'blog' });
    const heartbeat = loopx('heartbeat', 'blog', '--json');
    expect(heartbeat.code, heartbeat.stderr).toBe(0);
    expect(JSON.parse(heartbeat.stdout)).toMatchObject({ goal_id: 'blog' });
    expect(loopx('digest', '--preview', 'blog').code).toBe(0);
    expect(loopx('heartbeat', '--run', 'blog').code).toBe(0);
    expect(loopx('digest').code).toBe(2);
  });
});

/** Starts `loopx serve` and resolves with its exit code and output once it exits or prints the board URL. */
function serve(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string; stop: () => void; untilLogged: (text: string) => Promise<void> }> {
  const child = spawn(process.execPath, [LOOPX_BIN, 'serve'], { env: { ...process.env, LOOPX_DB: db, LOOPX_DEMO: 'off', LOOPX_LOG_LEVEL: 'silent', ...env }, cwd: tmpdir() });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  /** Resolves once the server has logged `text` (a log line is written after its response is sent). */
  const untilLogged = (text: string) =>
    new Promise<void>((done) => {
      const check = () => (stderr.includes(text) ? (child.stderr.off('data', check), done()) : undefined);
      child.stderr.on('data', check);
      check();
    });
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (stdout.includes('Web board:')) resolve({ code: null, stdout, get stderr() { return stderr; }, stop: () => child.kill('SIGTERM'), untilLogged });
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr, stop: () => undefined, untilLogged }));
  });
}

describe('loopx serve tells what it is doing', () => {
  let holder: Server;
  let port = 0;
  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    port = (holder.address() as { port: number }).port;
  });
  afterAll(() => holder.close());

  it('names LOOPX_PORT and the process holding a busy port', async () => {
    const run = await serve({ LOOPX_PORT: String(port) });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain(`port ${port}`);
    expect(run.stderr).toContain('LOOPX_PORT');
    expect(run.stderr).toContain(`pid ${process.pid}`);
  });

  it('says it is opening the database before it listens', async () => {
    const run = await serve({ LOOPX_PORT: '0' });
    run.stop();
    expect(run.stdout).toMatch(/^Opening the database .*\n[\s\S]*LoopX listening on/);
  });

  it('logs one readable line per request at info, with tokens left out', async () => {
    const run = await serve({ LOOPX_PORT: '0', LOOPX_LOG_LEVEL: 'info' });
    const base = /Web board: (http:\/\/[^/\s]+)\//.exec(run.stdout)?.[1] ?? '';
    await (await fetch(`${base}/v1/agents/me/gates`, { headers: { authorization: 'Bearer lpx_secretvalue123' } })).text();
    await (await fetch(`${base}/login?token=lpxl_logintoken456`)).text();
    await (await fetch(`${base}/healthz`)).text();
    await run.untilLogged('GET /healthz');
    run.stop();
    const lines = run.stderr.split('\n').filter((l) => l.includes(' request '));
    expect(lines.find((l) => l.includes('GET /v1/agents/me/gates'))).toMatch(/INFO +request GET \/v1\/agents\/me\/gates 401 \d+ms/);
    expect(lines.find((l) => l.includes('GET /login'))).toMatch(/GET \/login 200/);
    expect(lines.filter((l) => l.includes('GET /healthz'))).toHaveLength(1);
    expect(run.stderr).not.toContain('secretvalue123');
    expect(run.stderr).not.toContain('logintoken456');
  });
});

describe('npm start', () => {
  it('says it is compiling before the silent tsc run, and when it starts the server', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    const steps = (scripts.prestart ?? '').split('&&').map((s) => s.trim());
    expect(steps[0]).toMatch(/^echo ".*compiling TypeScript/);
    expect(steps.findIndex((s) => s.startsWith('npm run build'))).toBe(1);
    expect(steps[2]).toMatch(/^echo ".*starting the server/);
  });
});
