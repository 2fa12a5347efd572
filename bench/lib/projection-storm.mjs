// Seeds goals with Slack and Lark bindings and drives a storm of state changes through the real use cases.
import { addAgent, registerAgent } from '../../dist/src/app/agents.js';
import { CLI_ACTOR } from '../../dist/src/app/actor.js';
import { bindGoal } from '../../dist/src/app/bindings.js';
import { addEvidence } from '../../dist/src/app/evidence.js';
import { decideGate } from '../../dist/src/app/gate-decisions.js';
import { askGate } from '../../dist/src/app/gates.js';
import { addGoal } from '../../dist/src/app/goals.js';
import { addPerson } from '../../dist/src/app/people.js';

const operator = { actor: CLI_ACTOR };
const agent = { actor: { kind: 'agent', id: 'storm' } };
const slackChannel = (goalId) => `C${goalId.toUpperCase().replace(/[^A-Z0-9]/g, '')}0000`;
const larkChat = (goalId) => `oc_${goalId.replace(/[^a-z0-9]/g, '')}`;

function must(result) {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** Creates `count` goals owned by ana, one agent registered on all, each bound to a Slack channel and a Lark chat. */
export function seedGoals(deps, count) {
  must(addPerson(deps, operator, { id: 'ana', name: 'Ana' }));
  const goalIds = Array.from({ length: count }, (_, i) => `g${String(i + 1).padStart(2, '0')}`);
  for (const goalId of goalIds) {
    must(addGoal(deps, operator, { id: goalId, title: `Storm goal ${goalId}`, objective: 'Take a storm of changes', owners: ['ana'], timezone: 'UTC' }));
    if (goalId === goalIds[0]) must(addAgent(deps, operator, { id: 'storm', goalId, signing: false }));
    else must(registerAgent(deps, operator, 'storm', goalId));
    must(bindGoal(deps, operator, { goalId, surface: 'slack', destination: slackChannel(goalId), workspace: 'T1' }));
    must(bindGoal(deps, operator, { goalId, surface: 'lark', destination: larkChat(goalId), workspace: 'tenant1' }));
  }
  return goalIds;
}

/**
 * `rate` state changes per second for `seconds`: mostly evidence (progress), plus one gate every `gateEvery`
 * seconds asked on the next goal and decided 1–3 s later. Returns when and where each change and decision committed.
 */
export async function storm(deps, goalIds, { seconds, rate, gateEvery }) {
  const changes = [];
  const decisions = [];
  const open = [];
  const started = Date.now();
  let n = 0;
  while (Date.now() - started < seconds * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    for (; n < due; n += 1) {
      const goalId = goalIds[n % goalIds.length];
      if (n % Math.round(rate * gateEvery) === 0) {
        const { gate } = must(askGate(deps, agent, goalId, { question: `May I ship build ${n} of ${goalId}?`, blocks: { global: true } }));
        open.push({ gate, decideAt: Date.now() + 1_000 + Math.random() * 2_000 });
      } else {
        must(addEvidence(deps, agent, { goalId, kind: 'test', summary: `progress #${n} on ${goalId}` }));
      }
      changes.push({ goalId, at: Date.now() });
      // Yield between writes so the engine's sends interleave with the storm, as they would with HTTP clients.
      await new Promise((r) => setImmediate(r));
    }
    while (open.length > 0 && open[0].decideAt <= Date.now()) {
      const { gate } = open.shift();
      must(decideGate(deps, { actor: { kind: 'person', id: 'ana' } }, gate.id, { choice: 'approve', revision: gate.revision, via: 'cli' }));
      decisions.push({ goalId: gate.goalId, at: Date.now() });
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return { changes, decisions, endedAt: Date.now(), slackChannel, larkChat };
}
