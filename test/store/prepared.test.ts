import { sql, type Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { prepared } from '../../src/store/prepared.js';
import type { Tables } from '../../src/store/tables.js';
import { createTestApp, seedGoal } from '../helpers/test-app.js';

async function seededStore() {
  const { deps } = await createTestApp();
  seedGoal(deps, { agents: ['a1', 'a2'] });
  seedGoal(deps, { goalId: 'other', agents: ['a3'] });
  return deps.store;
}

// A query with parameters in a join, an OR, a constant and a limit: the constants must stay where they are.
function registrations(db: Kysely<Tables>, agentId: string, goalId: string) {
  return db
    .selectFrom('agent_goals')
    .innerJoin('agents', 'agents.id', 'agent_goals.agent_id')
    .select(['agent_goals.agent_id', 'agent_goals.goal_id', 'agents.status'])
    .where((eb) => eb.or([eb('agent_goals.agent_id', '=', agentId), eb('agent_goals.goal_id', '=', goalId)]))
    .where('agents.status', '=', 'active')
    .orderBy('agent_goals.agent_id')
    .limit(10);
}

describe('prepared queries', () => {
  it('build and compile once per store, then give the same rows as the same kysely query built per call', async () => {
    const store = await seededStore();
    let builds = 0;
    const query = prepared('registrations', (db, p: { agentId: string; goalId: string }) => {
      builds += 1;
      return registrations(db, p.agentId, p.goalId);
    });
    const prepare = vi.spyOn(store.sqlite, 'prepare');
    for (const [agentId, goalId] of [['a1', 'demo'], ['a3', 'nobody'], ['nobody', 'other'], ['nobody', 'nowhere']] as const) {
      expect(store.all(query, { agentId, goalId })).toEqual(store.all(registrations(store.kysely, agentId, goalId)));
    }
    expect(store.all(query, { agentId: 'a3', goalId: 'demo' }).map((r) => r.agent_id)).toEqual(['a1', 'a2', 'a3']);
    expect(builds).toBe(1);
    // Both paths compile to the same SQL, so they share one better-sqlite3 statement, prepared once.
    expect(prepare.mock.calls.filter(([text]) => text.includes('agent_goals'))).toHaveLength(1);
  });

  it('run writes and count changed rows, inside transactions and savepoints like any query', async () => {
    const store = await seededStore();
    const seen = prepared('seen', (db, p: { id: string; at: string }) => db.updateTable('agents').set({ last_seen_at: p.at }).where('id', '=', p.id));
    const lastSeen = prepared('last seen', (db, p: { id: string }) => db.selectFrom('agents').select('last_seen_at').where('id', '=', p.id));
    store.transaction(() => {
      expect(store.run(seen, { id: 'a1', at: 'kept' })).toBe(1);
      expect(() =>
        store.transaction(() => {
          store.run(seen, { id: 'a2', at: 'undone' });
          expect(store.first(lastSeen, { id: 'a2' })).toEqual({ last_seen_at: 'undone' });
          throw new Error('refused');
        }),
      ).toThrow('refused');
      expect(store.run(seen, { id: 'nobody', at: 'x' })).toBe(0);
    });
    expect([store.first(lastSeen, { id: 'a1' }), store.first(lastSeen, { id: 'a2' })]).toEqual([{ last_seen_at: 'kept' }, { last_seen_at: null }]);
  });

  it('insert a whole row, run without parameters, and keep literals in the SQL', async () => {
    const store = await seededStore();
    const insert = prepared('insert membership', (db, row: { agent_id: string; goal_id: string; created_at: string }) => db.insertInto('agent_goals').values(row));
    const count = prepared('count memberships', (db) => db.selectFrom('agent_goals').select((eb) => eb.fn.countAll<number>().as('n')).where('goal_id', '=', sql.lit('other')));
    expect(store.first(count, {})).toEqual({ n: 1 });
    store.run(insert, { agent_id: 'a1', goal_id: 'other', created_at: '2026-12-02T00:00:00.000Z' });
    expect(store.first(count, {})).toEqual({ n: 2 });
  });

  it('keep one statement per store: the same definition works on two databases', async () => {
    const [one, two] = await Promise.all([seededStore(), createTestApp().then(({ deps }) => deps.store)]);
    const goal = prepared('goal title', (db, p: { id: string }) => db.selectFrom('goals').select('title').where('id', '=', p.id));
    expect([one.first(goal, { id: 'demo' }), two.first(goal, { id: 'demo' })]).toEqual([{ title: 'Demo goal' }, undefined]);
  });

  it('refuse a parameter that does not reach the SQL as a value', async () => {
    const store = await seededStore();
    const templated = prepared('templated', (db, p: { id: string }) => db.selectFrom('goals').select('id').where('title', '=', `Goal ${p.id}`));
    expect(() => store.first(templated, { id: 'demo' })).toThrow('parameter "id" can only be passed to kysely as a value');
    const unused = prepared('unused', (db, p: { id: string; extra: string }) => db.selectFrom('goals').select('id').where('id', '=', p.id));
    expect(() => store.first(unused, { id: 'demo', extra: 'x' })).toThrow('"unused": extra must reach the SQL as values');
  });
});
