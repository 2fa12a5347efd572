import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const BIN = join(process.cwd(), 'dist/cli/loopx.js');
let db: string;

function loopx(...args: string[]): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, LOOPX_DB: db, LOOPX_LOG_LEVEL: 'silent' }, encoding: 'utf8', cwd: tmpdir() });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

function json(...args: string[]): any {
  const result = loopx(...args, '--json');
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

let publish: string;
let draft: string;

beforeAll(() => {
  db = join(mkdtempSync(join(tmpdir(), 'loopx-gate-cli-')), 'loopx.db');
  execFileSync(process.execPath, [BIN, 'init'], { env: { ...process.env, LOOPX_DB: db } });
  json('person', 'add', 'ana', '--name', 'Ana', '--timezone', 'UTC');
  json('person', 'add', 'bo', '--name', 'Bo');
  json('goal', 'add', 'blog', '--title', 'Blog', '--objective', 'Publish', '--owner', 'ana', '--owner', 'bo');
  json('agent', 'add', 'writer', '--goal', 'blog');
  publish = json('todo', 'add', 'blog', 'Publish the post', '--priority', 'P1').todo.id;
  draft = json('todo', 'add', 'blog', 'Draft the changelog').todo.id;
});

// Each step spawns the real binary several times; on a loaded machine a spawn can take seconds, hence the budget.
describe('loopx gate, should-run, quota, review (the built binary)', { timeout: 60_000 }, () => {
  let gate: any;

  it('asks a gate and shows the scoped fallback and the review packet', () => {
    gate = json('gate', 'ask', 'blog', 'May I publish?', '--blocks-todo', publish, '--scope', 'publish:goal:blog', '--agent', 'writer').gate;
    expect(gate).toMatchObject({ state: 'pending', waiting_on: ['ana', 'bo'], decision_scope: 'publish:goal:blog' });
    expect(json('should-run', 'blog', '--agent', 'writer', '--turn', 't1')).toMatchObject({ mode: 'scoped_fallback', work: true, notify: true, selected_todo: { id: draft } });
    const review = json('review', 'blog');
    expect(review).toMatchObject({ question: 'May I publish?', suggested_decision: 'defer', commands: { approve: expect.stringContaining(gate.id) } });
    expect(review.approving_authorises.join(' ')).toContain('standing grant');
    expect(loopx('review', 'blog').stdout).toMatch(/does NOT authorise/);
  });

  it('decides once as a named person and answers the second approver with the typed refusal', () => {
    expect(loopx('gate', 'reject', gate.id, '--as', 'ana').code).toBe(2);
    expect(json('gate', 'approve', gate.id, '--as', 'ana', '--reason', 'ok').gate.decision).toMatchObject({ by: 'ana', via: 'cli', reason: 'ok' });
    const late = loopx('gate', 'approve', gate.id, '--as', 'bo');
    expect(late.code).toBe(1);
    expect(late.stderr).toMatch(/Already approved by Ana at \d\d:\d\d via the CLI/);
  });

  it('lists the standing grant and selects the approved todo', () => {
    expect(json('gate', 'grants', 'blog').grants).toMatchObject([{ scope: 'publish:goal:blog', granted_by: 'ana' }]);
    expect(json('should-run', 'blog', '--agent', 'writer', '--turn', 't2').selected_todo.id).toBe(publish);
  });

  it('sets quota, spends once per turn through evidence, and voids a spend', () => {
    expect(json('quota', 'set', 'blog', '--allowed-slots', '5', '--window-hours', '12').quota).toMatchObject({ allowed: 5, window_hours: 12, spent: 0 });
    json('should-run', 'blog', '--agent', 'writer', '--turn', 't9');
    json('evidence', 'add', 'blog', '--kind', 'test', '--summary', 'green', '--outcome', 'outcome_progress', '--agent', 'writer', '--turn', 't9');
    json('evidence', 'add', 'blog', '--kind', 'test', '--summary', 'green again', '--outcome', 'outcome_progress', '--agent', 'writer', '--turn', 't9');
    const shown = json('quota', 'show', 'blog');
    expect(shown.quota.spent).toBe(1);
    const spend = shown.ledger[0];
    expect(json('quota', 'void', spend.id, '--reason', 'test run').void).toMatchObject({ kind: 'void', voids_id: spend.id });
    expect(json('quota', 'show', 'blog').quota.spent).toBe(0);
  });
});
