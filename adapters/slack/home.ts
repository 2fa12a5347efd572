import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { cardLocale, translator, type Translator } from '../../cards/i18n/index.js';
import type { Card } from '../../cards/model.js';
import { personalNeedsCard } from '../../cards/needs-you-card.js';
import { readerLocale } from '../../src/app/chat-run.js';
import type { AppDeps } from '../../src/app/deps.js';
import { personalNeedsForChat } from '../../src/app/queries/needs-you.js';
import type { SlackApp, SlackWebClient } from './bolt.js';
import { cardToBlockKit } from './render.js';

// The App Home tab is each person's own "Needs you": what they may decide (with buttons) and what waits on others.

/** What an unlinked Slack account sees on the Home tab: how to get linked (in the language of the Slack bindings). */
function unlinkedCard(account: string, tr: Translator): Card {
  return {
    key: 'needs-you',
    kind: 'board',
    fallbackText: tr.t('slack.home.fallback'),
    blocks: [
      { type: 'header', text: tr.t('slack.home.title'), status: tr.t('slack.home.status'), tone: 'warning' },
      { type: 'text', text: tr.t('slack.home.body', { account }) },
    ],
    ...cardLocale(tr),
  };
}

/** Draws (or redraws) one person's Home tab from current state. Failures are logged: the tab is a view, not the truth. */
export async function publishHome(deps: AppDeps, client: SlackWebClient, teamId: string, userId: string, boardUrl: string | null): Promise<void> {
  const account = `${teamId}:${userId}`;
  const view = personalNeedsForChat(deps.store, 'slack', account, boardUrl);
  const card = view ? personalNeedsCard(view) : unlinkedCard(account, translator(readerLocale(deps, { surface: 'slack', externalId: account }, undefined)));
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
