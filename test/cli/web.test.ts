import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { freshDbPath, LOOPX_BIN, runLoopx } from '../helpers/cli.js';

const freshDb = () => freshDbPath('loopx-web-');
const loopx = (db: string, ...args: string[]) => runLoopx(db, args);

/** Starts `loopx serve` and resolves with everything it printed once the board URL line is out. */
function serve(db: string): Promise<{ output: string; stop: () => void }> {
  const child = spawn(process.execPath, [LOOPX_BIN, 'serve'], { env: { ...process.env, LOOPX_DB: db, LOOPX_PORT: '0', LOOPX_LOG_LEVEL: 'silent' }, cwd: tmpdir() });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Web board:')) resolve({ output, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
}

describe('loopx demo and loopx web login', () => {
  it('seeds the demo once and prints a one-time login link', () => {
    const db = freshDb();
    const demo = loopx(db, 'demo', '--json');
    expect(demo.code, demo.stderr).toBe(0);
    expect(JSON.parse(demo.stdout)).toMatchObject({ schema_version: 1, goal_id: 'demo', owner_id: 'ana', login_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:8787\/login\?token=lpxl_/) });
    expect(loopx(db, 'demo').code).toBe(1);
    const login = JSON.parse(loopx(db, 'web', 'login', 'ana', '--json').stdout);
    expect(login).toMatchObject({ person_id: 'ana', url: expect.stringContaining('/login?token=lpxl_') });
    expect(loopx(db, 'web', 'login', 'nobody').code).toBe(3);
  });
});

describe('loopx serve on an empty database (npm start)', () => {
  it('seeds the demo, prints the board URL and a login link that signs in', async () => {
    const server = await serve(freshDb());
    try {
      const board = /Web board: (http:\/\/127\.0\.0\.1:\d+)\//.exec(server.output)?.[1] ?? '';
      const link = /(http:\/\/127\.0\.0\.1:\d+\/login\?token=\S+)/.exec(server.output)?.[1] ?? '';
      expect(server.output).toContain('seeded the demo goal "demo"');
      expect(await (await fetch(`${board}/`)).text()).toContain('Launch the LoopX blog post');
      const token = new URL(link).searchParams.get('token') ?? '';
      const signIn = await fetch(`${board}/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `token=${token}`, redirect: 'manual' });
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect(await (await fetch(`${board}/`, { headers: { cookie } })).text()).toContain('Signed in as <strong>Ana</strong>');
    } finally {
      server.stop();
    }
  });
});
