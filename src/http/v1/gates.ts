import { requireGoalAccess } from '../../app/actor.js';
import { waitForGate } from '../../app/gate-watch.js';
import { amendGate, askGate, cancelGate, type AskGateInput } from '../../app/gates.js';
import { gatesAskedBy } from '../../app/queries/agent-reads.js';
import { findGate, waitingOn } from '../../app/queries/gates.js';
import { shouldRun } from '../../app/should-run.js';
import { AmendGateRequest, CancelGateRequest, GateRequest, ShouldRunRequest } from '../../contract/requests.js';
import { gateToWire } from '../../contract/gate-wire.js';
import { GATE_STATES, isOpenGate, type Gate, type GateState } from '../../kernel/gate.js';
import { kernelError } from '../../kernel/errors.js';
import { errorResponse } from '../errors.js';
import type { HttpResponse } from '../types.js';
import { param, respond, withBody, type AgentCall, type Route } from './route.js';

/** The longest a `GET /v1/gates/{gate}?wait=` holds the request open. */
export const GATE_WAIT_MAX_SECONDS = 60;

/** Maps a wire gate request to the use case's input. */
export function askGateFromWire(body: GateRequest): AskGateInput {
  return {
    question: body.question,
    context: body.context,
    options: body.options,
    risk: body.risk,
    blocks: body.blocks ? { agent: body.blocks.agent, todoIds: body.blocks.todo_ids, global: body.blocks.global } : undefined,
    decisionScope: body.decision_scope,
    approvers: body.approvers,
    quorum: body.quorum,
    expiresInSeconds: body.expires_in_seconds,
    onExpire: body.on_expire,
  };
}

function gateBody(call: AgentCall, gateId: string): HttpResponse {
  const gate = findGate(call.deps.store, gateId);
  if (!gate) return errorResponse(kernelError('not_found', `No gate "${gateId}".`, { gate_id: gateId }));
  const access = requireGoalAccess(call.deps.store, call.actor, gate.goalId);
  if (!access.ok) return errorResponse(access.error);
  return { status: 200, body: { gate: gateToWire(gate, call.deps.clock.now(), waitingOn(call.deps.store, gate)) } };
}

/** `GET /v1/gates/{gate}?wait=<0..60>`: answers at once, or as soon as the gate leaves `pending` within the wait. */
async function getGate(call: AgentCall): Promise<HttpResponse> {
  const gateId = param(call, 'gate');
  const rawWait = call.request.query.get('wait');
  const wait = rawWait === null ? 0 : Number(rawWait);
  if (!Number.isInteger(wait) || wait < 0 || wait > GATE_WAIT_MAX_SECONDS) {
    return errorResponse(kernelError('invalid_request', `wait must be a whole number of seconds from 0 to ${GATE_WAIT_MAX_SECONDS}.`));
  }
  const first = gateBody(call, gateId);
  const gate = findGate(call.deps.store, gateId);
  if (first.status !== 200 || wait === 0 || !gate || !isOpenGate(gate)) return first;
  const seen = `${gate.state}:${gate.revision}`;
  await waitForGate(call.deps, gateId, wait * 1000, () => {
    const now = findGate(call.deps.store, gateId);
    return now === undefined || `${now.state}:${now.revision}` !== seen;
  });
  return gateBody(call, gateId);
}

/** The answer for one gate, with who it waits on. */
function gateAnswer(call: AgentCall, gate: Gate) {
  return gateToWire(gate, call.deps.clock.now(), waitingOn(call.deps.store, gate));
}

/** `GET /v1/agents/me/gates[?state=pending,approved]`: the gates this agent asked, oldest first. */
function ownGates(call: AgentCall): HttpResponse {
  const states = (call.request.query.get('state') ?? '').split(',').filter((s) => s !== '');
  const unknown = states.find((s) => !(GATE_STATES as readonly string[]).includes(s));
  if (unknown !== undefined) return errorResponse(kernelError('invalid_request', `Unknown gate state "${unknown}"; use ${GATE_STATES.join(', ')}.`, { field: 'state' }));
  if (call.actor.kind !== 'agent') return errorResponse(kernelError('forbidden', 'Only an agent has gates of its own.'));
  return { status: 200, body: { gates: gatesAskedBy(call.deps.store, call.actor.id, states as GateState[]).map((gate) => gateAnswer(call, gate)) } };
}

/** Gate and should-run endpoints. */
export const gateRoutes: readonly Route[] = [
  { method: 'GET', pattern: '/v1/agents/me/gates', handle: ownGates },
  {
    method: 'POST',
    pattern: '/v1/gates/:gate/amend',
    handle: (call) =>
      withBody(call, AmendGateRequest, (body) => respond(amendGate(call.deps, call.origin, param(call, 'gate'), body), (v) => ({ gate: gateAnswer(call, v.gate) }))),
  },
  {
    method: 'POST',
    pattern: '/v1/gates/:gate/cancel',
    handle: (call) =>
      withBody(call, CancelGateRequest, (body) =>
        respond(cancelGate(call.deps, call.origin, param(call, 'gate'), { reason: body.reason, via: 'api' }), (v) => ({ gate: gateAnswer(call, v.gate), changed: v.changed })),
      ),
  },
  {
    method: 'POST',
    pattern: '/v1/goals/:goal/gates',
    handle: (call) =>
      withBody(call, GateRequest, (body) =>
        respond(
          askGate(call.deps, call.origin, param(call, 'goal'), askGateFromWire(body)),
          (v) => ({ gate: gateToWire(v.gate, call.deps.clock.now(), waitingOn(call.deps.store, v.gate)), created: v.created }),
          (v) => (v.created ? 201 : 200),
        ),
      ),
  },
  { method: 'GET', pattern: '/v1/gates/:gate', handle: getGate },
  {
    method: 'POST',
    pattern: '/v1/goals/:goal/should-run',
    handle: (call) => withBody(call, ShouldRunRequest, (body) => respond(shouldRun(call.deps, call.origin, param(call, 'goal'), body.turn_id), (packet) => packet)),
  },
];
