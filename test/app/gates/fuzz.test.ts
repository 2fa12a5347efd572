import { describe, expect, it } from 'vitest';
import { addAgent } from '../../../src/app/agents.js';
import { decideFromChat } from '../../../src/app/chat-decisions.js';
import { decideGate } from '../../../src/app/gate-decisions.js';
import { amendGate, askGate, cancelGate, type AskGateInput } from '../../../src/app/gates.js';
import { addGoal, addMember } from '../../../src/app/goals.js';
import { addPerson, linkPerson } from '../../../src/app/people.js';
import { findGate } from '../../../src/app/queries/gates.js';
import type { Gate, GateChoice } from '../../../src/kernel/gate.js';
import { listEvents } from '../../../src/store/events.js';
import { asAgent, operator, unwrap } from '../../helpers/test-app.js';
import { asPerson, gateApp } from '../gate-fixture.js';

// Issue 12, "what done looks like": 1,000 random (actor, goal, gate state, surface, revision, clock) combinations.
// The oracle below restates the gate policy from the issue on its own; the kernel must agree with it on every
// attempt: 0 illegal decisions accepted (and no legal one refused), at most one final decision per gate.

/** mulberry32: a small seeded PRNG, so a failure replays exactly. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T, chance: (p: number) => next() < p };
}

const SEED = 20261202;
const COMBINATIONS = 1000;
const PEOPLE = ['ana', 'bo', 'cy', 'dee'] as const;
type Role = 'owner' | 'approver' | 'viewer' | null;
type Actor = { kind: 'person'; id: string } | { kind: 'agent'; id: string } | { kind: 'system'; id: string };
type Surface = 'cli' | 'api' | 'slack' | 'lark' | 'web';

/** Roles as the test sets them: demo (ana owner, bo approver, cy viewer), ops (dee owner, ana approver). */
function rolesAt(bobDemoted: boolean): Record<'demo' | 'ops', Record<string, Role>> {
  return { demo: { ana: 'owner', bo: bobDemoted ? 'viewer' : 'approver', cy: 'viewer', dee: null }, ops: { ana: 'approver', bo: null, cy: null, dee: 'owner' } };
}

/** The policy, restated: who may decide this gate right now, and would this attempt change it? */
function oracleAccepts(gate: Gate, roles: Record<string, Role>, actor: Actor, attempt: { choice: GateChoice; revision: number; reason?: string; until?: string; option?: string }, now: Date): boolean {
  if (actor.kind !== 'person') return false;
  const role = roles[actor.id] ?? null;
  if (role !== 'owner' && role !== 'approver') return false;
  if (gate.policy.approvers !== null && !gate.policy.approvers.includes(actor.id)) return false;
  if (!gate.policy.allowSelfApproval && gate.requestedBy === `person:${actor.id}`) return false;
  if (gate.state !== 'pending' && gate.state !== 'deferred') return false;
  if (gate.expiresAt !== null && gate.onExpire !== 'keep_waiting' && now.getTime() >= Date.parse(gate.expiresAt)) return false;
  if (attempt.revision !== gate.revision) return false;
  if (attempt.choice === 'reject') return (attempt.reason ?? '').trim() !== '';
  if (attempt.choice === 'defer') return attempt.until !== undefined && Date.parse(attempt.until) > now.getTime() && !(gate.state === 'deferred' && gate.decision?.by === actor.id && Date.parse(gate.deferredUntil ?? '') === Date.parse(attempt.until));
  if (gate.options.length > 0 ? !gate.options.includes(attempt.option ?? '') : attempt.option !== undefined) return false;
  if (gate.state === 'deferred' && gate.decision?.by === actor.id && gate.decision.outcome === 'approved') return false;
  return !gate.votes.some((v) => v.personId === actor.id);
}

async function world() {
  const app = await gateApp({ agents: ['a1'] });
  unwrap(addPerson(app.deps, operator, { id: 'dee', name: 'Dee' }));
  unwrap(addGoal(app.deps, operator, { id: 'ops', title: 'Ops', objective: 'Keep prod up', owners: ['dee'], timezone: 'UTC' }));
  unwrap(addMember(app.deps, operator, 'ops', 'ana', 'approver'));
  unwrap(addAgent(app.deps, operator, { id: 'w', goalId: 'ops' }));
  PEOPLE.forEach((id, i) => {
    unwrap(linkPerson(app.deps, operator, id, 'slack', `T1:U${i}`));
    unwrap(linkPerson(app.deps, operator, id, 'lark', `tn:ou_${i}`));
  });
  return app;
}

describe('gate decisions under random combinations', () => {
  it(`accepts exactly what the policy allows over ${COMBINATIONS} seeded combinations`, { timeout: 120_000 }, async () => {
    const { deps, clock } = await world();
    const rnd = prng(SEED);
    const tally = { accepted: 0, illegalAccepted: 0, legalRefused: 0, mismatches: [] as string[] };
    for (let i = 0; i < COMBINATIONS; i += 1) {
      const goalId = rnd.pick(['demo', 'ops'] as const);
      const demoted = rnd.chance(0.15);
      unwrap(addMember(deps, operator, 'demo', 'bo', 'approver'));
      const asker = rnd.chance(0.7) ? asAgent(goalId === 'demo' ? 'a1' : 'w') : asPerson(goalId === 'demo' ? 'ana' : 'dee');
      const deciders = goalId === 'demo' ? ['ana', 'bo'] : ['dee', 'ana'];
      const options = rnd.chance(0.25) ? ['A', 'B'] : undefined;
      const policy = rnd.pick(['default', 'named', 'quorum', 'self'] as const);
      const input: AskGateInput = {
        question: `Q${i}?`,
        blocks: { global: true },
        options,
        ...(policy === 'named' ? { approvers: [rnd.pick(deciders)] } : {}),
        ...(policy === 'quorum' && !options ? { quorum: 2, approvers: deciders } : {}),
        ...(policy === 'self' && asker.actor.kind === 'person' ? { allowSelfApproval: true } : {}),
        ...(rnd.chance(0.5) ? { expiresInSeconds: rnd.pick([60, 3600]), onExpire: rnd.pick(['deny', 'keep_waiting', 'cancel'] as const) } : {}),
      };
      const gate = unwrap(askGate(deps, asker, goalId, input)).gate;
      const setup = rnd.pick(['pending', 'pending', 'approved', 'rejected', 'deferred', 'cancelled', 'amended'] as const);
      const setter = deciders.find((p) => oracleAccepts(gate, rolesAt(false)[goalId], { kind: 'person', id: p }, { choice: 'reject', revision: 1, reason: 'x' }, clock.now()));
      if (setup === 'cancelled') unwrap(cancelGate(deps, asker, gate.id));
      if (setup === 'amended') unwrap(amendGate(deps, asker, gate.id, { question: `Q${i} amended?` }));
      if (setter && (setup === 'approved' || setup === 'rejected' || setup === 'deferred')) {
        const until = new Date(clock.now().getTime() + rnd.pick([30, 90]) * 60_000).toISOString();
        decideGate(deps, asPerson(setter), gate.id, { choice: setup === 'approved' ? 'approve' : setup === 'rejected' ? 'reject' : 'defer', revision: 1, reason: 'setup', until, option: options?.[0], via: 'cli' });
      }
      if (demoted) unwrap(addMember(deps, operator, 'demo', 'bo', 'viewer'));
      clock.advance(rnd.pick([0, 30_000, 59_999, 60_000, 61_000, 3_599_000, 3_600_000, 7_200_000]));
      for (const round of [0, 1]) {
        const before = findGate(deps.store, gate.id)!;
        const actor: Actor = rnd.chance(0.8) ? { kind: 'person', id: rnd.chance(0.5) ? rnd.pick(deciders) : rnd.pick([...PEOPLE, 'zed']) } : rnd.pick([{ kind: 'agent', id: goalId === 'demo' ? 'a1' : 'w' }, { kind: 'system', id: 'cli' }] as const);
        const surface: Surface = actor.kind === 'person' ? rnd.pick(['cli', 'slack', 'lark', 'web'] as const) : rnd.pick(['cli', 'api'] as const);
        const choice = rnd.pick(['approve', 'approve', 'reject', 'defer'] as const);
        const revision = before.revision + rnd.pick([0, 0, 0, -1, 1]);
        const optionIndex = rnd.pick([0, 1, 2, undefined]);
        const attempt = {
          choice,
          revision,
          reason: choice === 'reject' && rnd.chance(0.8) ? 'no' : undefined,
          until: choice === 'defer' ? new Date(clock.now().getTime() + rnd.pick([-60_000, 3_600_000])).toISOString() : undefined,
          option: choice === 'approve' && optionIndex !== undefined ? (['A', 'B', 'C'] as const)[optionIndex] : undefined,
        };
        const allowed = oracleAccepts(before, rolesAt(demoted)[goalId], actor, attempt, clock.now());
        let accepted: boolean;
        const identityIndex = PEOPLE.indexOf(actor.id as (typeof PEOPLE)[number]);
        if (surface === 'slack' || surface === 'lark') {
          const externalId = identityIndex < 0 ? (surface === 'slack' ? 'T1:UZED' : 'tn:ou_zed') : surface === 'slack' ? `T1:U${identityIndex}` : `tn:ou_${identityIndex}`;
          const reply = decideFromChat(deps, { surface, externalId }, { gateId: gate.id, revision, choice, reason: attempt.reason, until: attempt.until, optionIndex: attempt.option === undefined ? undefined : optionIndex });
          accepted = reply.ok && !reply.text.startsWith('You already');
        } else {
          const result = decideGate(deps, { actor }, gate.id, { ...attempt, via: surface });
          accepted = result.ok && result.value.changed;
        }
        if (accepted) tally.accepted += 1;
        if (accepted && !allowed) tally.illegalAccepted += 1;
        if (!accepted && allowed) tally.legalRefused += 1;
        if (accepted !== allowed && tally.mismatches.length < 5) tally.mismatches.push(JSON.stringify({ i, round, goalId, setup, policy, demoted, state: before.state, actor, surface, attempt, accepted }));
      }
    }
    const finals = new Map<string, number>();
    for (const event of listEvents(deps.store).filter((e) => e.type === 'gate.decided')) {
      const payload = JSON.parse(event.payload) as { gate_id: string; outcome: string };
      if (payload.outcome !== 'deferred') finals.set(payload.gate_id, (finals.get(payload.gate_id) ?? 0) + 1);
    }
    expect(tally.mismatches).toEqual([]);
    expect(tally.illegalAccepted).toBe(0);
    expect(tally.legalRefused).toBe(0);
    expect(Math.max(...finals.values())).toBe(1);
    expect(tally.accepted).toBeGreaterThan(100);
  });
});
