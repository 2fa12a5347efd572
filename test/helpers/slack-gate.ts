import { bindGoal } from '../../src/app/bindings.js';
import { linkPerson } from '../../src/app/people.js';
import type { BindingPurpose } from '../../src/kernel/vocabulary.js';
import { gateApp } from '../app/gate-fixture.js';
import { startFakeSlack, startSlackHarness, TEAM, type FakeSlack, type SlackHarness } from './slack.js';
import { operator, unwrap } from './test-app.js';

/** The gate fixture behind a running server with the Slack stub: ana linked as `UANA`, `demo` bound to C0CHANNEL1. */
export async function startSlackGateApp(options: { purposes?: readonly BindingPurpose[] } = {}): Promise<{ app: Awaited<ReturnType<typeof gateApp>>; slack: FakeSlack; harness: SlackHarness }> {
  const app = await gateApp();
  const slack = startFakeSlack(app.clock);
  const harness = await startSlackHarness(app.deps, app.clock);
  unwrap(linkPerson(app.deps, operator, 'ana', 'slack', `${TEAM}:UANA`));
  unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: 'C0CHANNEL1', ...(options.purposes ? { purposes: options.purposes } : {}) }));
  return { app, slack, harness };
}
