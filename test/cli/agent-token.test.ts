import { beforeAll, describe, expect, it } from 'vitest';
import { createAppDeps } from '../../src/app/index.js';
import { agentForToken } from '../../src/app/agents.js';
import { openStore } from '../../src/store/db.js';
import { freshDbPath, runLoopx, runLoopxJson } from '../helpers/cli.js';

// Token rotation (issue 12 #9): revoke then add used to contradict itself; rotate keeps the agent and its history.

let db: string;
const loopx = (...args: string[]) => runLoopx(db, args);
const json = (...args: string[]) => runLoopxJson(db, args);
const agentOf = (token: string) => {
  const store = openStore({ path: db });
  try {
    return agentForToken(createAppDeps(store), token);
  } finally {
    store.close();
  }
};

beforeAll(() => {
  db = freshDbPath();
  expect(loopx('init').code).toBe(0);
  json('person', 'add', 'ana', '--name', 'Ana');
  json('goal', 'add', 'blog', '--title', 'Blog', '--objective', 'Write', '--owner', 'ana');
});

describe('loopx agent token rotate', () => {
  it('after a revoke, adding the same agent names the rotate command', () => {
    json('agent', 'add', 'w', '--goal', 'blog');
    json('agent', 'revoke', 'w');
    const again = loopx('agent', 'add', 'w', '--goal', 'blog');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('loopx agent token rotate w');
    expect(again.stderr).not.toContain('revoke it and add a new one');
  });

  it('prints a new token once, kills the old one at once, and keeps the agent id, goals and history', () => {
    const first = json('agent', 'add', 'r', '--goal', 'blog', '--signing');
    expect(agentOf(first.token)?.id).toBe('r');
    const rotated = json('agent', 'token', 'rotate', 'r');
    expect(rotated).toMatchObject({ agent_id: 'r', token: expect.stringMatching(/^lpx_/), signing_secret: expect.stringMatching(/^[0-9a-f]{64}$/), agent: { id: 'r', status: 'active', goals: ['blog'] } });
    expect(rotated.token).not.toBe(first.token);
    expect(rotated.signing_secret).not.toBe(first.signing_secret);
    expect(agentOf(first.token)).toBeUndefined();
    expect(agentOf(rotated.token)).toMatchObject({ id: 'r', status: 'active', signingSecret: rotated.signing_secret });
    const events = json('events').events.map((e: { type: string }) => e.type);
    expect(events).toContain('agent.added');
    expect(events).toContain('agent.token_rotated');
    const human = loopx('agent', 'token', 'rotate', 'r');
    expect(human.stdout).toContain('will not show them again');
  });

  it('brings a revoked agent back with a fresh token', () => {
    json('agent', 'revoke', 'w');
    const rotated = json('agent', 'token', 'rotate', 'w');
    expect(agentOf(rotated.token)).toMatchObject({ id: 'w', status: 'active' });
  });

  it('says what to do for an unknown agent', () => {
    const missing = loopx('agent', 'token', 'rotate', 'nobody');
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('loopx agent add nobody');
  });
});
