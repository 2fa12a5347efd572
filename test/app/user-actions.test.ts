import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { boardCard } from '../../cards/board-card.js';
import { decideAsPerson, decisionFromButton } from '../../src/app/chat-decisions.js';
import { boardView } from '../../src/app/queries/board-view.js';
import { addTodo } from '../../src/app/todos.js';
import { markUserActionDone } from '../../src/app/work/user-actions.js';
import { encodeCardAction } from '../../src/contract/card-action.js';
import { findTodo } from '../../src/store/todos.js';
import { blockAction, postSlack, type FakeSlack, type SlackHarness } from '../helpers/slack.js';
import { startSlackGateApp } from '../helpers/slack-gate.js';
import { operator, unwrap } from '../helpers/test-app.js';
import { asPerson, gateApp } from './gate-fixture.js';

// User actions belong in every "Needs you" with a Done button for the people they wait on (issue 12 #10).

const doneButton = (todoId: string) => encodeCardAction({ v: 1, todo: todoId, choice: 'done' });

describe('a user action needs a person', () => {
  it('shows in the board card`s Needs you with a Done button', async () => {
    const { deps, clock } = await gateApp();
    const sign = unwrap(addTodo(deps, operator, 'demo', { text: 'Sign the contract', taskClass: 'user_action' })).todo;
    const card = boardCard(unwrap(boardView(deps.store, 'demo', clock.now())));
    const text = JSON.stringify(card.blocks);
    expect(text).not.toContain('Needs you: nothing');
    expect(text).toContain('Sign the contract');
    expect(text).toContain('waiting on Ana and Bo');
    const buttons = card.blocks.flatMap((b) => (b.type === 'actions' ? b.buttons : []));
    expect(buttons).toContainEqual({ label: 'Done', style: 'primary', action: { v: 1, todo: sign.id, choice: 'done' } });
    expect(card.fallbackText).toContain('1 to-do needs a person');
  });

  it('an owner or approver marks it done; a viewer cannot; a repeat changes nothing', async () => {
    const { deps } = await gateApp();
    const sign = unwrap(addTodo(deps, operator, 'demo', { text: 'Sign the contract', taskClass: 'user_action' })).todo;
    expect(markUserActionDone(deps, asPerson('cy'), sign.id, 'web')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(unwrap(markUserActionDone(deps, asPerson('bo'), sign.id, 'web'))).toMatchObject({ changed: true, todo: { status: 'done', completedBy: 'person:bo' } });
    expect(unwrap(markUserActionDone(deps, asPerson('ana'), sign.id, 'web')).changed).toBe(false);
    const agentTodo = unwrap(addTodo(deps, operator, 'demo', { text: 'Write code' })).todo;
    expect(markUserActionDone(deps, asPerson('ana'), agentTodo.id, 'web')).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('the Done button value goes through the shared click path', async () => {
    const { deps } = await gateApp();
    const sign = unwrap(addTodo(deps, operator, 'demo', { text: 'Sign the contract', taskClass: 'user_action' })).todo;
    const decision = decisionFromButton(doneButton(sign.id), deps.clock.now());
    expect(decision).toEqual({ todoId: sign.id, choice: 'done' });
    const reply = decideAsPerson(deps, 'ana', decision!, 'lark');
    expect(reply).toMatchObject({ ok: true, text: expect.stringContaining('Sign the contract') });
    expect(findTodo(deps.store, sign.id)?.status).toBe('done');
  });
});

describe('Done from Slack', () => {
  let app: Awaited<ReturnType<typeof gateApp>>;
  let slack: FakeSlack;
  let harness: SlackHarness;

  beforeEach(async () => {
    ({ app, slack, harness } = await startSlackGateApp());
  });
  afterEach(async () => {
    await harness.close();
    slack.close();
  });

  it('a linked owner`s click marks it done and the board card drops it', async () => {
    const sign = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Sign the contract', taskClass: 'user_action' })).todo;
    await harness.drain();
    expect(JSON.stringify([...slack.messages.values()])).toContain('Sign the contract');
    const response = await postSlack(harness.url, blockAction('UANA', doneButton(sign.id)), app.clock);
    expect(response.status).toBe(200);
    await harness.drain();
    expect(findTodo(app.deps.store, sign.id)).toMatchObject({ status: 'done', completedBy: 'person:ana' });
    expect(JSON.stringify([...slack.messages.values()])).not.toContain('loopx:done:');
  });
});
