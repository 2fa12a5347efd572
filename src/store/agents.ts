import type { Agent } from '../kernel/entities.js';
import type { Store } from './db.js';
import { prepared } from './prepared.js';

function goalsOf(store: Store, agentId: string): string[] {
  return store
    .all(store.kysely.selectFrom('agent_goals').select('goal_id').where('agent_id', '=', agentId).orderBy('goal_id'))
    .map((row) => row.goal_id);
}

/** Inserts an agent with its hashed token. */
export function insertAgent(
  store: Store,
  agent: { id: string; name: string; tokenHash: string; signingSecret: string | null },
  at: string,
): void {
  store.run(
    store.kysely.insertInto('agents').values({
      id: agent.id,
      name: agent.name,
      token_hash: agent.tokenHash,
      signing_secret: agent.signingSecret,
      status: 'active',
      last_seen_at: null,
      revision: 1,
      created_at: at,
      updated_at: at,
    }),
  );
}

/** Reads one agent. */
export function findAgent(store: Store, id: string): Agent | undefined {
  const row = store.first(store.kysely.selectFrom('agents').selectAll().where('id', '=', id));
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    status: row.status as Agent['status'],
    signs: row.signing_secret !== null,
    lastSeenAt: row.last_seen_at,
    goals: goalsOf(store, row.id),
  };
}

/** What authenticating a request needs about the agent behind a token: one indexed read, no goal list. */
export interface AgentCredential {
  readonly id: string;
  readonly status: Agent['status'];
  readonly signingSecret: string | null;
}

const credentialByTokenHash = prepared('agent credential by token hash', (db, p: { tokenHash: string }) =>
  db.selectFrom('agents').select(['id', 'status', 'signing_secret']).where('token_hash', '=', p.tokenHash),
);

/** The agent whose token hashes to `tokenHash`, with its signing secret (read only to verify a signature). */
export function findCredentialByTokenHash(store: Store, tokenHash: string): AgentCredential | undefined {
  const row = store.first(credentialByTokenHash, { tokenHash });
  return row ? { id: row.id, status: row.status as Agent['status'], signingSecret: row.signing_secret } : undefined;
}

const accessOfAgent = prepared('agent access to goal', (db, p: { agentId: string; goalId: string }) =>
  db
    .selectFrom('agents')
    .select((eb) => [
      'status',
      eb.exists(eb.selectFrom('agent_goals').select('goal_id').where('agent_goals.agent_id', '=', p.agentId).where('agent_goals.goal_id', '=', p.goalId)).as('registered'),
    ])
    .where('id', '=', p.agentId),
);

/** An agent's status and whether it is registered on the goal, in one read (the per-request access check). */
export function agentAccess(store: Store, agentId: string, goalId: string): { status: Agent['status']; registered: boolean } | undefined {
  const row = store.first(accessOfAgent, { agentId, goalId });
  return row ? { status: row.status as Agent['status'], registered: Boolean(row.registered) } : undefined;
}

/** Lists every agent. */
export function listAgents(store: Store): Agent[] {
  return store
    .all(store.kysely.selectFrom('agents').select('id').orderBy('id'))
    .map((row) => findAgent(store, row.id))
    .filter((a): a is Agent => a !== undefined);
}

/** Registers an agent on a goal (no-op when already registered). */
export function registerAgentOnGoal(store: Store, agentId: string, goalId: string, at: string): boolean {
  return (
    store.run(
      store.kysely
        .insertInto('agent_goals')
        .values({ agent_id: agentId, goal_id: goalId, created_at: at })
        .onConflict((oc) => oc.doNothing()),
    ) === 1
  );
}

/** Agent ids registered on a goal. */
export function listGoalAgents(store: Store, goalId: string): string[] {
  return store
    .all(store.kysely.selectFrom('agent_goals').select('agent_id').where('goal_id', '=', goalId).orderBy('agent_id'))
    .map((row) => row.agent_id);
}

/** Gives an agent a new token hash (and signing secret) and makes it active: the old token stops matching at once. */
export function replaceAgentCredentials(store: Store, id: string, credentials: { tokenHash: string; signingSecret: string | null }, at: string): void {
  store.run(
    store.kysely
      .updateTable('agents')
      .set((eb) => ({ token_hash: credentials.tokenHash, signing_secret: credentials.signingSecret, status: 'active', revision: eb('revision', '+', 1), updated_at: at }))
      .where('id', '=', id),
  );
}

/** Marks an agent revoked. */
export function revokeAgent(store: Store, id: string, at: string): void {
  store.run(
    store.kysely.updateTable('agents').set((eb) => ({ status: 'revoked', revision: eb('revision', '+', 1), updated_at: at })).where('id', '=', id),
  );
}

const agentSeen = prepared('agent last seen', (db, p: { id: string; at: string }) => db.updateTable('agents').set({ last_seen_at: p.at }).where('id', '=', p.id));

/** Records agent activity (evidence or heartbeat). */
export function touchAgent(store: Store, id: string, at: string): void {
  store.run(agentSeen, { id, at });
}
