import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { Card } from '../../cards/model.js';
import { personalNeedsCard } from '../../cards/needs-you-card.js';
import type { AppDeps } from '../../src/app/deps.js';
import { personalNeedsForChat } from '../../src/app/queries/needs-you.js';
import type { SlackApp, SlackWebClient } from './bolt.js';
import { cardToBlockKit } from './render.js';

// The App Home tab is each person's own "Needs you": what they may decide (with buttons) and what waits on others.

/** What an unlinked Slack account sees on the Home tab: how to get linked. */
function unlinkedCard(teamId: string, userId: string): Card {
  return {
    key: 'needs-you',
    kind: 'board',
    fallbackText: 'Link your Slack account to LoopX to see what needs you.',
    blocks: [
      { type: 'header', text: 'Needs you', status: 'not linked', tone: 'warning' },
      { type: 'text', text: `Your Slack account is not linked to a LoopX person yet, so LoopX cannot tell what waits on you. Ask an operator to run: loopx person link <you> --slack ${teamId}:${userId}` },
    ],
  };
}

/** Draws (or redraws) one person's Home tab from current state. Failures are logged: the tab is a view, not the truth. */
export async function publishHome(deps: AppDeps, client: SlackWebClient, teamId: string, userId: string, boardUrl: string | null): Promise<void> {
  const view = personalNeedsForChat(deps.store, 'slack', `${teamId}:${userId}`, boardUrl);
  const card = view ? personalNeedsCard(view) : unlinkedCard(teamId, userId);
  const { blocks } = cardToBlockKit(card, { seeMoreUrl: boardUrl });
  try {
    await client.views.publish({ user_id: userId, view: { type: 'home', blocks } as never });
  } catch (error) {
    deps.logger.warn({ surface: 'slack', user: userId, error: String(error) }, 'home tab not published');
  }
}

/** Publishes the Home tab whenever a person opens it (`app_home_opened`, tab `home`). */
export function registerSlackHome(app: SlackApp, deps: AppDeps, client: SlackWebClient, boardUrl: string | null): void {
  app.event('app_home_opened', async ({ event, body }: SlackEventMiddlewareArgs<'app_home_opened'> & AllMiddlewareArgs) => {
    if (event.tab !== 'home') return;
    await publishHome(deps, client, body.team_id, event.user, boardUrl);
  });
}
