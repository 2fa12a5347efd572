import { KernelFailure, type KernelError } from '../kernel/errors.js';
import { ok, type Result } from '../kernel/result.js';
import { listGoals } from '../store/goals.js';
import { listPeople } from '../store/people.js';
import type { Actor } from './actor.js';
import { addAgent } from './agents.js';
import { addEvidence } from './evidence.js';
import type { AppDeps } from './deps.js';
import { askGate } from './gates.js';
import { addGoal } from './goals.js';
import { claimTodo } from './leases.js';
import { addPerson } from './people.js';
import { addTodo, blockTodo, completeTodo } from './todos.js';
import type { WriteOrigin } from './write.js';

/** The demo goal's id and the person who can sign in to decide its gate. */
export const DEMO_GOAL_ID = 'demo';
export const DEMO_OWNER_ID = 'ana';

/** What `loopx demo` created. */
export interface DemoSeed {
  readonly goalId: string;
  readonly ownerId: string;
  readonly agents: readonly string[];
  readonly todos: number;
}

/** True when the database has no goals and no people yet: the moment `npm start` offers the demo. */
export function isEmptyDatabase(deps: AppDeps): boolean {
  return listGoals(deps.store).length === 0 && listPeople(deps.store).length === 0;
}

function need<T>(result: Result<T, KernelError>): T {
  if (!result.ok) throw new KernelFailure(result.error);
  return result.value;
}

const agent = (id: string): WriteOrigin => ({ actor: { kind: 'agent', id } satisfies Actor });

function seedTodos(deps: AppDeps, origin: WriteOrigin): number {
  const g = DEMO_GOAL_ID;
  const setup = need(addTodo(deps, origin, g, { text: 'Set up the demo goal and its agents', priority: 'P1' })).todo;
  need(completeTodo(deps, origin, setup.id, { successors: [], noFollowup: 'The goal, agents and todos exist.' }));
  const draft = need(addTodo(deps, agent('writer'), g, { text: 'Draft the launch post', priority: 'P1' }, { claim: true })).todo;
  need(addEvidence(deps, agent('writer'), { goalId: g, todoId: draft.id, kind: 'doc', summary: 'First draft of the launch post (1,200 words)', url: 'https://example.com/drafts/launch-post', deliveryOutcome: 'outcome_progress' }));
  const screenshots = need(addTodo(deps, origin, g, { text: 'Collect three board screenshots' })).todo;
  // The reviewer claims without reporting anything yet, so the screenshots todo shows as Claimed, not Running.
  need(claimTodo(deps, agent('reviewer'), screenshots.id));
  need(addEvidence(deps, agent('writer'), { goalId: g, kind: 'test', summary: 'Link checker: 14 links, all reachable', deliveryOutcome: 'surface_only' }));
  need(addTodo(deps, origin, g, { text: 'Review the draft for accuracy', actionKind: 'review' }));
  need(addTodo(deps, origin, g, { text: 'Write the changelog entry', priority: 'P3' }));
  const social = need(addTodo(deps, origin, g, { text: 'Schedule the social posts' })).todo;
  need(blockTodo(deps, origin, social.id, 'Waiting for the marketing calendar'));
  need(addTodo(deps, origin, g, { text: 'Pick the launch date', taskClass: 'user_action' }));
  const publish = need(addTodo(deps, origin, g, { text: 'Publish the launch post', priority: 'P1' })).todo;
  need(
    askGate(deps, agent('writer'), g, {
      question: 'May I publish the launch post on the company blog?',
      context: 'The draft passed the link check; publishing is public and hard to undo.',
      risk: 'normal',
      blocks: { todoIds: [publish.id] },
    }),
  );
  return 8;
}

/**
 * Seeds the demo (`loopx demo`, and `npm start` on an empty database): a person, a goal, two agents,
 * todos in several lanes, evidence and a pending gate, through the same use cases as every other write. All or nothing.
 */
export function seedDemo(deps: AppDeps, origin: WriteOrigin): Result<DemoSeed, KernelError> {
  try {
    return deps.store.transaction(() => {
      need(addPerson(deps, origin, { id: DEMO_OWNER_ID, name: 'Ana', timezone: 'UTC' }));
      need(addGoal(deps, origin, { id: DEMO_GOAL_ID, title: 'Launch the LoopX blog post', objective: 'Publish the launch post with screenshots and a changelog, approved by Ana.', owners: [DEMO_OWNER_ID] }));
      for (const id of ['writer', 'reviewer']) need(addAgent(deps, origin, { id, goalId: DEMO_GOAL_ID, signing: false }));
      const todos = seedTodos(deps, origin);
      return ok({ goalId: DEMO_GOAL_ID, ownerId: DEMO_OWNER_ID, agents: ['writer', 'reviewer'], todos });
    });
  } catch (thrown) {
    if (thrown instanceof KernelFailure) return { ok: false, error: thrown.error };
    throw thrown;
  }
}
