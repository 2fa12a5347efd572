import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain-JS benchmark helpers
import { seedAgent, startServe, stop } from '../../bench/lib/loopx.mjs';
import { freshDbPath, LOOPX_BIN, runLoopx, type CliRun } from '../helpers/cli.js';

/** Runs `loopx` without blocking the event loop (the test keeps writing meanwhile). */
function loopxAsync(db: string, args: readonly string[]): Promise<CliRun> {
  const child = spawn(process.execPath, [LOOPX_BIN, ...args], { env: { ...process.env, LOOPX_DB: db, LOOPX_LOG_LEVEL: 'silent' }, cwd: tmpdir() });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr })));
}

const evidenceCount = (path: string): number => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM evidence').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('loopx backup and loopx restore', () => {
  const db = freshDbPath('loopx-backup-');
  const backup = join(dirname(db), 'nightly', 'loopx-backup.db');
  let serve: { child: import('node:child_process').ChildProcess; url: string } | undefined;
  afterAll(async () => {
    if (serve) await stop(serve.child, 'SIGTERM');
  });

  it('copies a database consistently while a server writes to it, verifies the copy, and restores it once the server stops', async () => {
    const env = { LOOPX_DB: db, LOOPX_DEMO: 'off' };
    const token = seedAgent(env, { goalId: 'load', agentId: 'writer-1' }) as string;
    serve = await startServe(env);
    const url = serve.url;
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        const response = await fetch(`${url}/v1/evidence`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ goal_id: 'load', kind: 'note', summary: `write ${written}` }),
        });
        expect(response.status).toBe(201);
        written += 1;
      }
    })();
    while (written < 20) await new Promise((resolve) => setImmediate(resolve));
    const before = written;
    const made = await loopxAsync(db, ['backup', backup, '--json']);
    const after = written;
    writing = false;
    await writer;
    expect(made.code, made.stderr).toBe(0);
    const report = JSON.parse(made.stdout);
    expect(report).toMatchObject({ schema_version: 1, file: backup, integrity: 'ok', ledger_events: expect.any(Number), key_file: `${backup}.ledger-key` });
    expect(after).toBeGreaterThan(before);
    expect(readdirSync(dirname(backup)).sort()).toEqual(['loopx-backup.db', 'loopx-backup.db.ledger-key']);
    // A consistent snapshot: every write acknowledged before the backup started, none after it finished.
    const copied = evidenceCount(backup);
    expect(copied).toBeGreaterThanOrEqual(before);
    expect(copied).toBeLessThanOrEqual(after);
    expect(statSync(`${backup}.ledger-key`).mode & 0o077).toBe(0);

    const refused = runLoopx(db, ['restore', backup, '--json']);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).error).toMatchObject({ code: 'database_in_use', details: { servers: [expect.objectContaining({ url })] } });
    expect(evidenceCount(db)).toBe(written);

    await stop(serve.child, 'SIGTERM');
    serve = undefined;
    const restored = runLoopx(db, ['restore', backup]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Restored .* from .*loopx-backup\.db/);
    expect(restored.stdout).toContain('.before-restore');
    expect(evidenceCount(db)).toBe(copied);
    expect(existsSync(`${db}.before-restore`)).toBe(true);
    expect(evidenceCount(`${db}.before-restore`)).toBe(written);
    const audit = runLoopx(db, ['audit', 'verify']);
    expect(audit.code, audit.stderr).toBe(0);
  });

  it('refuses a backup over the live database and a restore from a tampered copy, changing nothing', async () => {
    const own = freshDbPath('loopx-backup2-');
    seedAgent({ LOOPX_DB: own, LOOPX_DEMO: 'off' }, { goalId: 'g2', agentId: 'writer-2' });
    expect(runLoopx(own, ['backup', own]).code).toBe(2);
    const copy = join(dirname(own), 'copy.db');
    expect(runLoopx(own, ['backup', copy]).code).toBe(0);
    const tamper = new Database(copy);
    tamper.prepare("UPDATE events SET payload = payload || ' ' WHERE seq = (SELECT max(seq) FROM events)").run();
    tamper.close();
    const refused = runLoopx(own, ['restore', copy, '--json']);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).error.code).toBe('ledger_tampered');
    expect(existsSync(`${own}.before-restore`)).toBe(false);
    expect(runLoopx(own, ['audit', 'verify']).code).toBe(0);
    writeFileSync(join(dirname(own), 'junk.db'), 'not a database');
    expect(runLoopx(own, ['restore', join(dirname(own), 'junk.db')]).code).toBe(1);
    expect(runLoopx(own, ['restore', join(dirname(own), 'missing.db')]).code).toBe(3);
  });

  it('keeps the ledger key apart with --without-key; the restore then asks for it and takes it with --key', () => {
    const own = freshDbPath('loopx-backup3-');
    seedAgent({ LOOPX_DB: own, LOOPX_DEMO: 'off' }, { goalId: 'g3', agentId: 'writer-3' });
    const copy = join(dirname(own), 'keyless', 'copy.db');
    const made = runLoopx(own, ['backup', copy, '--without-key']);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('--key');
    expect(readdirSync(dirname(copy))).toEqual(['copy.db']);
    const target = freshDbPath('loopx-restore3-');
    const refused = runLoopx(target, ['restore', copy]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/ledger key for this copy is missing .* `--key <file>`/);
    expect(existsSync(target)).toBe(false);
    const restored = runLoopx(target, ['restore', copy, '--key', `${own}.ledger-key`, '--json']);
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ database: target, previous: null, key_file: `${target}.ledger-key` });
    expect(runLoopx(target, ['audit', 'verify']).code).toBe(0);
  });
});
