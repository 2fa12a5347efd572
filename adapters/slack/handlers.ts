import type { BlockAction, ButtonAction, SlackActionMiddlewareArgs, SlackCommandMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction, AllMiddlewareArgs } from '@slack/bolt';
import { z } from 'zod';
import { translator, type Translator } from '../../cards/i18n/index.js';
import { decideFromChat, decisionFromButton, type ChatDecision, type ChatIdentity } from '../../src/app/chat-decisions.js';
import { readerLocale, runChatCommand } from '../../src/app/chat-run.js';
import type { AppDeps } from '../../src/app/deps.js';
import type { SlackApp, SlackWebClient } from './bolt.js';
import type { HomeTabs } from './home.js';
import { cardToBlockKit, escapeMrkdwn } from './render.js';

/** The callback id of the "reject with a reason" modal. */
export const REJECT_MODAL = 'loopx_reject';
/** Every LoopX button's action_id starts with this. */
const ACTION_PREFIX = /^loopx:/;

/** What the reject modal remembers between the click and the submission (validated when it comes back). */
const RejectMetadata = z.strictObject({ gate: z.string().min(1).max(128), rev: z.number().int().min(1), channel: z.string().nullable() });

function identityOf(teamId: string | null | undefined, userId: string): ChatIdentity {
  return { surface: 'slack', externalId: `${teamId ?? 'unknown'}:${userId}` };
}

/** The language LoopX answers a Slack account in: theirs, else the channel's, else the Slack bindings' one. */
function readerIn(deps: AppDeps, identity: ChatIdentity, channel: string | null): Translator {
  return translator(readerLocale(deps, identity, channel ?? undefined));
}

function rejectModal(decision: ChatDecision, channel: string | null, tr: Translator) {
  return {
    type: 'modal' as const,
    callback_id: REJECT_MODAL,
    private_metadata: JSON.stringify({ gate: decision.gateId, rev: decision.revision, channel }),
    title: { type: 'plain_text' as const, text: tr.t('gate.button.reject') },
    submit: { type: 'plain_text' as const, text: tr.t('gate.button.reject') },
    close: { type: 'plain_text' as const, text: tr.t('gate.confirm.deny') },
    blocks: [
      {
        type: 'input',
        block_id: 'reason',
        label: { type: 'plain_text', text: tr.t('slack.reject.label') },
        element: { type: 'plain_text_input', action_id: 'reason', multiline: true, max_length: 2000 },
      },
    ],
  };
}

/** Tells the clicker alone, through the interaction's `response_url` (works in DMs and channels the bot is not in). */
type Respond = SlackActionMiddlewareArgs<BlockAction<ButtonAction>>['respond'];
function tell(respond: Respond, text: string): Promise<unknown> {
  return respond({ response_type: 'ephemeral', replace_original: false, text: escapeMrkdwn(text) });
}

/**
 * Registers the listeners: gate buttons, the reject modal and the `/loopx` command. Each acks first (Slack's
 * 3-second rule; the decision itself is one short local transaction), and every refusal is told to the
 * clicker alone through the interaction's `response_url`. Cards converge through the projection engine, which the decision's commit wakes.
 */
export function registerSlackHandlers(app: SlackApp, deps: AppDeps, client: SlackWebClient, homes: HomeTabs, boardUrl: string | null = null): void {
  app.action<BlockAction<ButtonAction>>(ACTION_PREFIX, async ({ ack, body, action, respond }: SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs) => {
    // Ack first: Slack shows an error after 3 s, and a slow or failing views.open must not keep the click unanswered.
    await ack();
    const channel = body.channel?.id ?? null;
    const teamId = body.team?.id ?? body.user.team_id;
    const identity = identityOf(teamId, body.user.id);
    const decision = decisionFromButton(action.value, deps.clock.now());
    if (!decision) {
      await tell(respond, readerIn(deps, identity, channel).t('reply.unreadable'));
      return;
    }
    if (decision.choice === 'reject') {
      // trigger_id lives about 3 seconds: open the modal next, and say so when it cannot open.
      const tr = readerIn(deps, identity, channel);
      try {
        await client.views.open({ trigger_id: body.trigger_id, view: rejectModal(decision, channel, tr) as never });
      } catch (error) {
        deps.logger.warn({ surface: 'slack', gate: decision.gateId, error: String(error) }, 'reject form did not open');
        // Shown when Slack would not open the reject form (trigger expired, the app lacks a scope): other ways to reject.
        await tell(respond, tr.t('slack.reject.failed'));
      }
      return;
    }
    const reply = decideFromChat(deps, identity, decision, `slack:${action.action_ts}:${body.user.id}`, channel ?? undefined);
    // A press on the Home tab redraws it: the decided gate leaves the person's "Needs you".
    if (body.view?.type === 'home' && teamId) await homes.publish(teamId, body.user.id);
    if (!reply.ok) await tell(respond, reply.text);
  });

  app.view<ViewSubmitAction>(REJECT_MODAL, async ({ ack, body, view }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs) => {
    const identity = identityOf(body.team?.id ?? body.user.team_id, body.user.id);
    let metadata: z.infer<typeof RejectMetadata>;
    try {
      metadata = RejectMetadata.parse(JSON.parse(view.private_metadata));
    } catch {
      return ack({ response_action: 'errors', errors: { reason: readerIn(deps, identity, null).t('slack.reject.unreadable') } });
    }
    const reason = view.state.values.reason?.reason?.value ?? '';
    const reply = decideFromChat(deps, identity, { gateId: metadata.gate, revision: metadata.rev, choice: 'reject', reason }, `slack:${view.id}:${body.user.id}`, metadata.channel ?? undefined);
    if (!reply.ok) return ack({ response_action: 'errors', errors: { reason: reply.text.slice(0, 2000) } });
    return ack();
  });

  app.command('/loopx', async ({ ack, command }: SlackCommandMiddlewareArgs & AllMiddlewareArgs) => {
    const reply = runChatCommand(deps, identityOf(command.team_id, command.user_id), command.text ?? '', `slack:${command.trigger_id}`, command.channel_id);
    // Replies are plain text that may quote agent-written titles and questions: escaped so none becomes a ping or a link.
    // A card (the review packet) goes as blocks, rendered like every card, with the text as its fallback.
    const blocks = reply.card ? { blocks: cardToBlockKit(reply.card, { seeMoreUrl: boardUrl }).blocks } : {};
    await ack({ response_type: 'ephemeral', text: escapeMrkdwn(reply.text), ...blocks } as never);
  });
}
