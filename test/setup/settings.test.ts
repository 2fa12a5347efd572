import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { freshDbPath, runLoopx } from '../helpers/cli.js';

function dirWithEnv(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'loopx-env-'));
  writeFileSync(join(dir, '.env'), text);
  return dir;
}

describe('.env is read the way people write it (dotenv convention)', () => {
  it('drops trailing comments, reads export lines, quotes and blank values', () => {
    const dir = dirWithEnv(
      [
        '# LoopX settings',
        'SLACK_SIGNING_SECRET=8f2a1c9d0e   # Basic Information → Signing Secret',
        'export LOOPX_PORT=9123',
        'LOOPX_HOST="0.0.0.0"   # bind everywhere',
        "LOOPX_DB='data/loopx.db'",
        'SLACK_APP_TOKEN=',
        'LOOPX_PUBLIC_URL="https://loopx.example.com/#not-a-comment-inside-quotes"',
        '',
      ].join('\n'),
    );
    const config = loadConfig({}, dir);
    expect(config.SLACK_SIGNING_SECRET).toBe('8f2a1c9d0e');
    expect(config.LOOPX_PORT).toBe(9123);
    expect(config.LOOPX_HOST).toBe('0.0.0.0');
    expect(config.LOOPX_DB).toBe(join(dir, 'data/loopx.db'));
    expect(config.SLACK_APP_TOKEN).toBeUndefined();
    expect(config.LOOPX_PUBLIC_URL).toBe('https://loopx.example.com/#not-a-comment-inside-quotes');
  });

  it('lets the real environment win over .env', () => {
    const config = loadConfig({ LOOPX_PORT: '9555' }, dirWithEnv('LOOPX_PORT=9123 # from the file\n'));
    expect(config.LOOPX_PORT).toBe(9555);
  });
});

describe('loopx doctor: secrets that cannot be right', () => {
  it('fails a secret holding spaces or a # (a comment pasted into the value) and names the setting, not the value', () => {
    const db = freshDbPath();
    expect(runLoopx(db, ['init']).code).toBe(0);
    const pasted = 'abc12345   # Basic Information → Signing Secret';
    const run = runLoopx(db, ['doctor', '--json'], { SLACK_SIGNING_SECRET: pasted, LARK_APP_SECRET: 'sec ret value', LARK_APP_ID: '' });
    expect(run.code).toBe(4);
    const checks = JSON.parse(run.stdout).checks as { name: string; ok: boolean; detail: string; fix?: string }[];
    const secrets = checks.find((c) => c.name === 'secrets');
    expect(secrets).toMatchObject({ ok: false, detail: expect.stringContaining('SLACK_SIGNING_SECRET'), fix: expect.stringContaining('#') });
    expect(secrets?.detail).toContain('LARK_APP_SECRET');
    expect(run.stdout).not.toContain('abc12345');
  });

  it('passes clean secrets', () => {
    const db = freshDbPath();
    expect(runLoopx(db, ['init']).code).toBe(0);
    const run = runLoopx(db, ['doctor', '--json'], { SLACK_SIGNING_SECRET: '8f2a1c9d0e7b' });
    const checks = JSON.parse(run.stdout).checks as { name: string; ok: boolean }[];
    expect(checks.find((c) => c.name === 'secrets')).toMatchObject({ ok: true });
  });
});
