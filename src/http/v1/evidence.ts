import { addEvidenceGrouped, recordHeartbeat, type EvidenceInput, type RecordedEvidence } from '../../app/evidence.js';
import { goalStatus } from '../../app/queries/goal-status.js';
import { requireGoalAccess } from '../../app/actor.js';
import { EvidenceRequest, HeartbeatRequest, type InlineEvidenceRequest } from '../../contract/requests.js';
import { evidenceToWire } from '../../contract/wire.js';
import { statusToWire } from '../../contract/status-wire.js';
import type { z } from 'zod';
import { errorResponse } from '../errors.js';
import { param, respond, withBody, type AgentCall, type Route } from './route.js';
import type { HttpResponse } from '../types.js';
import { kernelError } from '../../kernel/errors.js';
import { EVIDENCE_LIST_MAX, readEvidence, readEvidenceList } from '../../app/queries/agent-reads.js';

/** Maps wire evidence fields to the use case's input (the goal comes from the body or the todo). */
export function evidenceFromWire(body: z.infer<typeof InlineEvidenceRequest>): Omit<EvidenceInput, 'goalId'> {
  return {
    todoId: body.todo_id,
    gateId: body.gate_id,
    turnId: body.turn_id,
    kind: body.kind,
    summary: body.summary,
    url: body.url,
    data: body.data,
    deliveryOutcome: body.delivery_outcome,
    usage: body.usage ? { tokensIn: body.usage.tokens_in, tokensOut: body.usage.tokens_out, costUsd: body.usage.cost_usd } : undefined,
  };
}

/**
 * The evidence answer: `spent` when this writeback spent the turn's quota slot; `spent: null` with
 * `unaccounted_turn` when an accountable writeback was stored as an observation outside the allowance.
 */
function evidenceAnswer({ evidence, slots, unaccounted }: RecordedEvidence) {
  if (unaccounted !== null) return { evidence: evidenceToWire(evidence), spent: null, unaccounted_turn: true, unaccounted_reason: unaccounted };
  return { evidence: evidenceToWire(evidence), ...(slots > 0 ? { spent: { slots } } : {}) };
}

/** `GET /v1/goals/{goal}/evidence[?todo_id=&limit=]`: the goal's evidence, newest first. */
function listEvidenceRoute(call: AgentCall): HttpResponse {
  const rawLimit = call.request.query.get('limit');
  const limit = rawLimit === null ? 50 : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > EVIDENCE_LIST_MAX) {
    return errorResponse(kernelError('invalid_request', `limit must be a whole number from 1 to ${EVIDENCE_LIST_MAX}.`, { field: 'limit' }));
  }
  const listed = readEvidenceList(call.deps.store, call.actor, param(call, 'goal'), { limit, todoId: call.request.query.get('todo_id') ?? undefined });
  return respond(listed, (all) => ({ evidence: all.map(evidenceToWire) }));
}

/** Evidence, agent heartbeat and goal status endpoints. */
export const evidenceRoutes: readonly Route[] = [
  { method: 'GET', pattern: '/v1/goals/:goal/evidence', handle: listEvidenceRoute },
  { method: 'GET', pattern: '/v1/evidence/:evidence', handle: (call) => respond(readEvidence(call.deps.store, call.actor, param(call, 'evidence')), (e) => ({ evidence: evidenceToWire(e) })) },
  {
    method: 'POST',
    pattern: '/v1/evidence',
    handle: (call) =>
      withBody(call, EvidenceRequest, async (body) =>
        respond(await addEvidenceGrouped(call.deps, call.origin, { ...evidenceFromWire(body), goalId: body.goal_id }), evidenceAnswer, 201),
      ),
  },
  {
    method: 'POST',
    pattern: '/v1/goals/:goal/heartbeat',
    handle: (call) =>
      withBody(call, HeartbeatRequest, (body) =>
        respond(recordHeartbeat(call.deps, call.origin, param(call, 'goal'), { turnId: body.turn_id, note: body.note }), () => ({ ok: true })),
      ),
  },
  {
    method: 'GET',
    pattern: '/v1/goals/:goal/status',
    handle: (call) => {
      const goalId = param(call, 'goal');
      const access = requireGoalAccess(call.deps.store, call.actor, goalId);
      if (!access.ok) return errorResponse(access.error);
      return respond(goalStatus(call.deps.store, goalId, call.deps.clock.now()), statusToWire);
    },
  },
];
