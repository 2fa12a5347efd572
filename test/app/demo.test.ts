import { describe, expect, it } from 'vitest';
import { isEmptyDatabase, seedDemo } from '../../src/app/demo.js';
import { goalStatus } from '../../src/app/queries/goal-status.js';
import { listGates } from '../../src/app/queries/gates.js';
import { listEvents } from '../../src/store/events.js';
import { findPerson } from '../../src/store/people.js';
import { listTodos } from '../../src/store/todos.js';
import { createTestApp, operator, unwrap } from '../helpers/test-app.js';

describe('the demo seed', () => {
  it('fills an empty database with a goal whose todos span the lanes, and a pending gate', async () => {
    const { deps } = await createTestApp();
    expect(isEmptyDatabase(deps)).toBe(true);
    const seeded = unwrap(seedDemo(deps, operator));
    expect(seeded).toMatchObject({ goalId: 'demo', ownerId: 'ana', agents: ['writer', 'reviewer'] });
    expect(isEmptyDatabase(deps)).toBe(false);
    const status = unwrap(goalStatus(deps.store, 'demo', deps.clock.now()));
    expect(status.lanes).toEqual({ todo: 1, claimed: 1, running: 1, review: 1, blocked: 2, user_gate: 2, done: 1 });
    expect(listGates(deps.store, 'demo').map((g) => [g.state, g.requestedBy])).toEqual([['pending', 'agent:writer']]);
  });

  it('writes nothing when it cannot seed everything (the ids already exist)', async () => {
    const { deps } = await createTestApp();
    unwrap(seedDemo(deps, operator));
    const before = listEvents(deps.store).length;
    const again = seedDemo(deps, operator);
    expect(again.ok).toBe(false);
    expect(again.ok ? null : again.error.code).toBe('already_exists');
    expect(listEvents(deps.store).length).toBe(before);
  });

  it('speaks the operator\'s language: a Chinese demo for zh-CN, its owner reading Chinese, the same lanes and gate', async () => {
    const { deps } = await createTestApp();
    unwrap(seedDemo(deps, operator, 'zh-CN'));
    const status = unwrap(goalStatus(deps.store, 'demo', deps.clock.now()));
    expect(status.goal.title).toBe('发布 LoopX 博客文章');
    expect(status.lanes).toEqual({ todo: 1, claimed: 1, running: 1, review: 1, blocked: 2, user_gate: 2, done: 1 });
    expect(findPerson(deps.store, 'ana')).toMatchObject({ name: '安娜', locale: 'zh-CN' });
    const typed = [...listTodos(deps.store, 'demo').map((t) => t.text), ...listGates(deps.store, 'demo').map((g) => `${g.question} ${g.context ?? ''}`), status.goal.objective];
    for (const text of typed) expect(text.replace(/LoopX|https?:\/\/\S+/g, ''), text).not.toMatch(/[A-Za-z]{2,}/);
  });
});
