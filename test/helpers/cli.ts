import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

/** The built `loopx` binary. */
export const LOOPX_BIN = join(process.cwd(), 'dist/cli/loopx.js');

/** What one `loopx` run printed and returned. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A fresh database path in its own temp folder. */
export function freshDbPath(prefix = 'loopx-cli-'): string {
  return join(mkdtempSync(join(tmpdir(), prefix)), 'loopx.db');
}

/** Runs the built binary against `db` and returns what happened. */
export function runLoopx(db: string, args: readonly string[], env: Record<string, string> = {}): CliRun {
  const result = spawnSync(process.execPath, [LOOPX_BIN, ...args], { env: { ...process.env, LOOPX_DB: db, LOOPX_LOG_LEVEL: 'silent', LOOPX_LOCALE: 'en', ...env }, encoding: 'utf8', cwd: tmpdir() });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** Runs a command with `--json`, expects exit 0, and returns the parsed output. */
export function runLoopxJson(db: string, args: readonly string[]): any {
  const result = runLoopx(db, [...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}
