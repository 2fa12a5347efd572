import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppDeps } from '../../src/app/index.js';
import { decideGate } from '../../src/app/gate-decisions.js';
import { amendGate, askGate } from '../../src/app/gates.js';
import { findGate } from '../../src/app/queries/gates.js';
import type { Gate } from '../../src/kernel/gate.js';
import { openStore } from '../../src/store/db.js';
import { listEvents } from '../../src/store/events.js';
import { selectGate, transitionGate } from '../../src/store/gates.js';
import { asAgent, unwrap } from '../helpers/test-app.js';
import { asPerson, gateApp } from './gate-fixture.js';

// Two connections on one database file: each decision reads the gate before either writes, as two
// processes clicking at the same instant would; the conditional UPDATE decides who wins.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function twoConnections() {
  const dir = mkdtempSync(join(tmpdir(), 'loopx-gates-'));
  dirs.push(dir);
  const path = join(dir, 'loopx.db');
  const app = await gateApp({ path });
  const gate = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { todoIds: [app.todoA] } })).gate;
  const other = createAppDeps(openStore({ path }), { clock: app.clock });
  return { ...app, other, gate };
}

describe('concurrent decisions', () => {
  it('two simultaneous approvals record exactly one decision; the loser gets the typed answer', async () => {
    const { deps, other, gate } = await twoConnections();
    const results = await Promise.all([
      Promise.resolve().then(() => decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 1, via: 'slack' })),
      Promise.resolve().then(() => decideGate(other, asPerson('bo'), gate.id, { choice: 'approve', revision: 1, via: 'lark' })),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const loser = results.find((r) => !r.ok);
    expect(loser && !loser.ok ? loser.error.code : 'none').toBe('gate_not_pending');
    expect(listEvents(deps.store).filter((e) => e.type === 'gate.decided')).toHaveLength(1);
  });

  it('approve and reject at once: the approval, decided from a stale read, loses to the rejection that landed first', async () => {
    const { deps, other, gate } = await twoConnections();
    const staleRead: Gate | undefined = selectGate(other.store, gate.id);
    unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'reject', revision: 1, reason: 'no', via: 'slack' }));
    expect(staleRead && transitionGate(other.store, gate.id, staleRead, { state: 'approved' }, false, other.clock.now().toISOString())).toBe(false);
    const late = decideGate(other, asPerson('bo'), gate.id, { choice: 'approve', revision: 1, via: 'lark' });
    expect(late.ok ? 'ok' : late.error.message).toMatch(/^Already rejected by Ana at .* via Slack/);
    expect(findGate(deps.store, gate.id)?.state).toBe('rejected');
  });

  it('a decision racing an amend is refused as stale, never applied to the new question', async () => {
    const { deps, other, gate } = await twoConnections();
    unwrap(amendGate(deps, asAgent('a1'), gate.id, { question: 'May I publish tonight?' }));
    const racing = decideGate(other, asPerson('bo'), gate.id, { choice: 'approve', revision: 1, via: 'lark' });
    expect(racing.ok ? 'ok' : racing.error.code).toBe('gate_revision_stale');
    expect(findGate(deps.store, gate.id)).toMatchObject({ state: 'pending', revision: 2 });
  });
});
