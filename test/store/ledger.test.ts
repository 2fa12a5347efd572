import { describe, expect, it } from 'vitest';
import { verifyChain } from '../../src/store/events.js';
import { createTestApp, seedGoal } from '../helpers/test-app.js';

async function seededApp() {
  const app = await createTestApp();
  seedGoal(app.deps);
  return app;
}

describe('the hash-chained ledger', () => {
  it('verifies an untouched chain', async () => {
    const { deps } = await seededApp();
    const result = verifyChain(deps.store);
    expect(result.ok).toBe(true);
    expect(result.checked).toBeGreaterThanOrEqual(4);
  });

  it.each([
    { name: 'a changed payload', sql: "UPDATE events SET payload = '{\"title\":\"forged\"}' WHERE seq = 2", problem: /changed/ },
    { name: 'a changed actor', sql: "UPDATE events SET actor = 'person:mallory' WHERE seq = 3", problem: /changed/ },
    { name: 'a deleted middle row', sql: 'DELETE FROM events WHERE seq = 2', problem: /deleted or inserted|link/ },
    { name: 'a deleted last row', sql: 'DELETE FROM events WHERE seq = (SELECT max(seq) FROM events)', problem: /removed/ },
    {
      name: 'an inserted row',
      sql: "INSERT INTO events (seq, at, goal_id, type, actor, payload, idempotency_key, prev_hash, hash) SELECT seq + 100, at, goal_id, type, actor, payload, idempotency_key, prev_hash, hash FROM events WHERE seq = 1",
      problem: /deleted or inserted|link/,
    },
  ])('detects $name', async ({ sql, problem }) => {
    const { deps } = await seededApp();
    deps.store.sqlite.exec(sql);
    const result = verifyChain(deps.store);
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => p.problem).join('\n')).toMatch(problem);
  });
});
