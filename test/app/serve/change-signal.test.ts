import { afterEach, describe, expect, it } from 'vitest';
import type { EventRow } from '../../../src/store/events.js';
import { addTodo } from '../../../src/app/todos.js';
import { createChangeSignal, type ChangeSignal } from '../../../src/app/serve/change-signal.js';
import { freshDbPath } from '../../helpers/cli.js';
import { createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

/** Two processes' worth of connections on one database file: `server` listens, `other` writes (like the CLI). */
async function twoConnections(): Promise<{ server: TestApp; other: TestApp; heard: EventRow[][]; signal: ChangeSignal }> {
  const path = freshDbPath('loopx-signal-');
  const server = await createTestApp({ path });
  const other = await createTestApp({ path });
  seedGoal(other.deps, { agents: [] });
  const signal = createChangeSignal(server.deps);
  const heard: EventRow[][] = [];
  server.deps.commitListeners.push((events) => heard.push([...events]));
  return { server, other, heard, signal };
}

describe('change signal: commits from another connection reach the commit listeners', () => {
  const open: TestApp[] = [];
  afterEach(() => {
    for (const app of open.splice(0)) app.deps.store.close();
  });

  it("hands another process's ledger rows to the same listeners as an in-process commit, once", async () => {
    const { server, other, heard, signal } = await twoConnections();
    open.push(server, other);
    expect(signal.poll()).toBe(0);
    unwrap(addTodo(other.deps, operator, 'demo', { text: 'Written by the CLI' }));
    expect(signal.poll()).toBeGreaterThan(0);
    expect(heard.flat().map((e) => e.type)).toContain('todo.added');
    // Nothing new: an idle poll announces nothing (and reads no table).
    expect(signal.poll()).toBe(0);
    expect(heard).toHaveLength(1);
  });

  it('does not repeat rows this process committed itself, even when interleaved with foreign ones', async () => {
    const { server, other, heard, signal } = await twoConnections();
    open.push(server, other);
    unwrap(addTodo(other.deps, operator, 'demo', { text: 'foreign one' }));
    unwrap(addTodo(server.deps, operator, 'demo', { text: 'own one' }));
    unwrap(addTodo(server.deps, operator, 'demo', { text: 'own two' }));
    unwrap(addTodo(other.deps, operator, 'demo', { text: 'foreign two' }));
    signal.poll();
    const texts = heard.flat().filter((e) => e.type === 'todo.added').map((e) => (JSON.parse(e.payload) as { text: string }).text);
    // own one and own two were announced in-process as they committed; the poll adds only the foreign rows.
    expect(texts.sort()).toEqual(['foreign one', 'foreign two', 'own one', 'own two']);
    expect(signal.poll()).toBe(0);
  });

  it('stops listening when stopped', async () => {
    const { server, other, signal } = await twoConnections();
    open.push(server, other);
    const before = server.deps.commitListeners.length;
    signal.stop();
    expect(server.deps.commitListeners.length).toBe(before - 1);
  });
});
