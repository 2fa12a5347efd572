import { bindGoal } from '../../src/app/bindings.js';
import type { AppDeps } from '../../src/app/deps.js';
import { addMember } from '../../src/app/goals.js';
import { addPerson, linkPerson } from '../../src/app/people.js';
import type { ChatSurface } from '../../src/kernel/vocabulary.js';
import { startFakeSlack, startSlackHarness, TEAM, type FakeSlack, type SlackHarness } from './slack.js';
import { createTestApp, operator, seedGoal, unwrap, type TestApp } from './test-app.js';

// Shared set-up of the issue-15 tests (mentions, direct messages, reminders, App Home): people who approve goal
// `demo`, linked to chat accounts named after them (Slack `U<ID>`, Lark `ou_<id>`).

/** One approver to add. */
export interface ApproverSeed {
  readonly id: string;
  readonly name: string;
  readonly timezone?: string;
  /** False leaves them unlinked (named on cards with a link hint). */
  readonly link?: boolean;
}

/** The chat account a test person is linked to on a surface. */
export function chatIdentityOf(surface: ChatSurface, personId: string): string {
  return surface === 'slack' ? `${TEAM}:U${personId.toUpperCase()}` : `tenant1:ou_${personId}`;
}

/** Adds each person as an approver of goal `demo`, linked on `surface` unless told not to. */
export function addApprovers(deps: AppDeps, surface: ChatSurface, people: readonly ApproverSeed[]): void {
  for (const person of people) {
    unwrap(addPerson(deps, operator, { id: person.id, name: person.name, ...(person.timezone ? { timezone: person.timezone } : {}) }));
    unwrap(addMember(deps, operator, 'demo', person.id, 'approver'));
    if (person.link !== false) unwrap(linkPerson(deps, operator, person.id, surface, chatIdentityOf(surface, person.id)));
  }
}

/** Binds goal `demo` to a channel or chat. */
export function bindDemo(deps: AppDeps, surface: ChatSurface, destination: string): void {
  unwrap(bindGoal(deps, operator, { goalId: 'demo', surface, destination }));
}

/** A test app with goal `demo` (owner Ana, agents), a fake Slack and the real server with the Slack adapter. */
export interface SlackGoal {
  readonly app: TestApp;
  readonly slack: FakeSlack;
  readonly harness: SlackHarness;
  close(): Promise<void>;
}

/** Starts a SlackGoal; `agents` defaults to a1. */
export async function startSlackGoal(agents: readonly string[] = ['a1']): Promise<SlackGoal> {
  const app = await createTestApp();
  const slack = startFakeSlack(app.clock);
  const harness = await startSlackHarness(app.deps, app.clock);
  seedGoal(app.deps, { agents });
  return {
    app,
    slack,
    harness,
    async close() {
      await harness.close();
      slack.close();
    },
  };
}
