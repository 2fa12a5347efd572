import { describe, expect, it } from 'vitest';
import { addEvidenceGrouped } from '../../src/app/evidence.js';
import { createCommitGroup } from '../../src/store/group-commit.js';
import { openStore } from '../../src/store/db.js';
import { asAgent, createTestApp, seedGoal } from '../helpers/test-app.js';

function scratchStore() {
  const store = openStore({ path: ':memory:' });
  store.sqlite.exec('CREATE TABLE t (v TEXT NOT NULL)');
  return store;
}

const insert = (store: ReturnType<typeof scratchStore>, v: string) => store.sqlite.prepare('INSERT INTO t (v) VALUES (?)').run(v);
const values = (store: ReturnType<typeof scratchStore>) => (store.sqlite.prepare('SELECT v FROM t ORDER BY rowid').all() as { v: string }[]).map((r) => r.v);

describe('group commit', () => {
  it('commits every body queued in one turn in one transaction, and settles only after the commit', async () => {
    const store = scratchStore();
    let commits = 0;
    const group = createCommitGroup((body) => {
      const outer = !store.sqlite.inTransaction;
      const result = store.transaction(body);
      if (outer) commits += 1;
      return result;
    });
    let settled = false;
    const first = group.enqueue(() => insert(store, 'a')).then(() => (settled = true));
    const second = group.enqueue(() => insert(store, 'b'));
    await Promise.resolve();
    expect(settled).toBe(false);
    await Promise.all([first, second]);
    expect(commits).toBe(1);
    expect(values(store)).toEqual(['a', 'b']);
  });

  it('rolls back only the body that throws; the rest of the group commits', async () => {
    const store = scratchStore();
    const ok1 = store.transactionGrouped(() => insert(store, 'kept-1'));
    const bad = store.transactionGrouped(() => {
      insert(store, 'undone');
      throw new Error('refused');
    });
    const ok2 = store.transactionGrouped(() => insert(store, 'kept-2'));
    await expect(bad).rejects.toThrow('refused');
    await Promise.all([ok1, ok2]);
    expect(values(store)).toEqual(['kept-1', 'kept-2']);
  });

  it('rejects every body when the shared commit fails, so nothing is acknowledged', async () => {
    const group = createCommitGroup(() => {
      throw new Error('disk full');
    });
    const results = await Promise.allSettled([group.enqueue(() => 1), group.enqueue(() => 2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });

  it('runs afterCommit callbacks after the outermost commit and drops them on rollback', () => {
    const store = scratchStore();
    const heard: string[] = [];
    store.transaction(() => {
      insert(store, 'x');
      store.afterCommit(() => heard.push(`committed, in transaction: ${store.sqlite.inTransaction}`));
      expect(heard).toEqual([]);
    });
    expect(() =>
      store.transaction(() => {
        store.afterCommit(() => heard.push('must not run'));
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(heard).toEqual(['committed, in transaction: false']);
  });

  it('tells commit listeners about grouped evidence only after the commit', async () => {
    const { deps } = await createTestApp();
    const { goalId } = seedGoal(deps);
    const seen: boolean[] = [];
    deps.commitListeners.push(() => seen.push(deps.store.sqlite.inTransaction));
    const results = await Promise.all(
      ['one', 'two', 'three'].map((summary, i) => addEvidenceGrouped(deps, asAgent('a1', `k${i}`), { goalId, kind: 'test', summary })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(seen).toEqual([false, false, false]);
  });

  it('keeps a refused command in a group from writing anything, while its neighbours land', async () => {
    const { deps } = await createTestApp();
    const { goalId } = seedGoal(deps);
    const count = () => (deps.store.sqlite.prepare('SELECT count(*) AS n FROM evidence').get() as { n: number }).n;
    const [good, refused, duplicate] = await Promise.all([
      addEvidenceGrouped(deps, asAgent('a1', 'same'), { goalId, kind: 'test', summary: 'first' }),
      addEvidenceGrouped(deps, asAgent('a1'), { goalId: 'no-such-goal', kind: 'test', summary: 'refused' }),
      addEvidenceGrouped(deps, asAgent('a1', 'same'), { goalId, kind: 'test', summary: 'first' }),
    ]);
    expect(good.ok).toBe(true);
    expect(refused.ok).toBe(false);
    expect(duplicate).toEqual(good);
    expect(count()).toBe(1);
  });
});
