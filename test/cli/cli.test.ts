import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDbPath, runLoopx, runLoopxJson } from '../helpers/cli.js';

let db: string;
const loopx = (...args: string[]) => runLoopx(db, args);
const json = (...args: string[]) => runLoopxJson(db, args);

beforeAll(() => {
  db = freshDbPath();
  expect(loopx('init').code).toBe(0);
  json('person', 'add', 'ana', '--name', 'Ana Li', '--timezone', 'Asia/Shanghai');
  json('goal', 'add', 'demo', '--title', 'Demo', '--objective', 'Ship the demo', '--owner', 'ana', '--timezone', 'Asia/Shanghai');
});

describe('loopx (the built binary)', () => {
  it('creates an agent and prints its token once, in the versioned JSON shape', () => {
    const out = json('agent', 'add', 'cli-agent', '--goal', 'demo', '--signing');
    expect(out).toMatchObject({ schema_version: 1, agent_id: 'cli-agent', token: expect.stringMatching(/^lpx_/), signing_secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const list = json('agent', 'list');
    expect(JSON.stringify(list)).not.toContain(out.token);
    expect(JSON.stringify(list)).not.toContain(out.signing_secret);
  });

  it('runs a todo through claim and completion, and reports lanes in status', () => {
    json('agent', 'add', 'worker', '--goal', 'demo');
    const todo = json('todo', 'add', 'demo', 'Write', 'the', 'changelog', '--priority', 'P1').todo;
    expect(todo).toMatchObject({ text: 'Write the changelog', priority: 'P1', status: 'open' });
    expect(json('todo', 'claim', todo.id, '--agent', 'worker').todo.claimed_by).toBe('worker');
    const refused = loopx('todo', 'complete', todo.id, '--agent', 'worker');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/successor todo or a no_followup reason/);
    const done = json('todo', 'complete', todo.id, '--agent', 'worker', '--successor', 'Publish the changelog');
    expect(done).toMatchObject({ changed: true, todo: { status: 'done' }, successors: [{ text: 'Publish the changelog' }] });
    const status = json('status', 'demo').goals[0];
    expect(status.lanes).toMatchObject({ done: 1, todo: 1 });
    expect(loopx('status').stdout).toMatch(/Todo 1 · Claimed 0/);
  });

  it('makes a retried write safe with --idempotency-key', () => {
    const first = json('evidence', 'add', 'demo', '--kind', 'note', '--summary', 'Kickoff held', '--idempotency-key', 'kickoff-1');
    const retry = json('evidence', 'add', 'demo', '--kind', 'note', '--summary', 'Kickoff held', '--idempotency-key', 'kickoff-1');
    expect(retry.evidence.id).toBe(first.evidence.id);
    const reused = loopx('evidence', 'add', 'demo', '--kind', 'note', '--summary', 'Other', '--idempotency-key', 'kickoff-1');
    expect(reused.code).toBe(1);
    expect(reused.stderr).toMatch(/already used for a different request/);
  });

  it('answers with the documented exit codes', () => {
    expect(loopx('goal', 'show', 'missing').code).toBe(3);
    expect(loopx('goal', 'add').code).toBe(2);
    expect(loopx('goal', 'add', 'x', '--title', 'T').code).toBe(2);
    expect(loopx('goal', 'add', 'demo', '--title', 'T', '--objective', 'O').code).toBe(1);
    expect(loopx('nonsense').code).toBe(2);
    expect(loopx('todo', 'add', 'demo', 'x', '--bogus').code).toBe(2);
    const help = loopx('goal', 'add', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/usage: loopx goal add <id> --title/);
    expect(loopx('--help').stdout).toMatch(/audit verify/);
  });

  it('prints errors as JSON with --json', () => {
    const result = loopx('goal', 'show', 'missing', '--json');
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { code: 'not_found' } });
  });

  it('lists events and verifies the ledger, then fails once a row is edited behind its back', () => {
    const events = json('events', '--goal', 'demo').events;
    expect(events.map((e: { type: string }) => e.type)).toContain('goal.created');
    expect(json('audit', 'verify')).toMatchObject({ ok: true });
    const raw = new Database(db);
    raw.prepare("UPDATE events SET payload = '{\"title\":\"forged\"}' WHERE type = 'goal.created'").run();
    raw.close();
    const verify = loopx('audit', 'verify');
    expect(verify.code).toBe(1);
    expect(verify.stderr).toMatch(/tampered/);
    expect(loopx('doctor').code).toBe(4);
  });
});
