import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { cardLocale, translator, type Translator } from '../../cards/i18n/index.js';
import type { Card } from '../../cards/model.js';
import { personalNeedsCard } from '../../cards/needs-you-card.js';
import { readerLocale } from '../../src/app/chat-run.js';
import type { AppDeps, CommitListener } from '../../src/app/deps.js';
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

/** The Home tabs this process has drawn, kept in step with the database. */
export interface HomeTabs {
  /** Draws one person's tab from current state, unless it already shows exactly that. */
  publish(teamId: string, userId: string): Promise<void>;
  /** Stops following commits. */
  stop(): void;
}

/**
 * Ledger events that can change what waits on a person: gates asked, changed, decided or back from a deferral,
 * to-dos added or closed, any goal or person event (rare). Claims, lease renewals, monitor polls and
 * reports (most of the ledger) change nothing there and redraw nothing.
 */
const CHANGES_NEEDS: ReadonlySet<string> = new Set([
  'gate.asked',
  'gate.amended',
  'gate.decided',
  'gate.vote_recorded',
  'gate.woke',
  'gate.escalated',
  'todo.added',
  'todo.completed',
  'todo.superseded',
  'todo.blocked',
  'todo.resumed',
  'monitor.kept',
]);
const changesNeeds = (type: string) => CHANGES_NEEDS.has(type) || type.startsWith('goal.') || type.startsWith('person.');

/**
 * Home tabs as a projection of the database: drawn when a person opens theirs, and redrawn after any commit (this
 * process's or another's) that can change what waits on someone, for every tab this process has drawn. A tab is
 * published only when its blocks differ from what it shows, so most commits publish nothing. Failures are logged:
 * the tab is a view, not the truth.
 */
export function createHomeTabs(deps: AppDeps, client: SlackWebClient, boardUrl: string | null, track: (work: Promise<void>) => void): HomeTabs {
  const shown = new Map<string, { teamId: string; userId: string; blocks: string }>();
  async function publish(teamId: string, userId: string): Promise<void> {
    const account = `${teamId}:${userId}`;
    const view = personalNeedsForChat(deps.store, 'slack', account, boardUrl);
    const card = view ? personalNeedsCard(view) : unlinkedCard(account, translator(readerLocale(deps, { surface: 'slack', externalId: account }, undefined)));
    const { blocks } = cardToBlockKit(card, { seeMoreUrl: boardUrl });
    const drawn = JSON.stringify(blocks);
    if (shown.get(account)?.blocks === drawn) return;
    try {
      await client.views.publish({ user_id: userId, view: { type: 'home', blocks } as never });
      shown.set(account, { teamId, userId, blocks: drawn });
    } catch (error) {
      deps.logger.warn({ surface: 'slack', user: userId, error: String(error) }, 'home tab not published');
    }
  }
  let redrawing = false;
  const onCommit: CommitListener = (events) => {
    if (redrawing || shown.size === 0 || !events.some((e) => changesNeeds(e.type))) return;
    // After the commit, once per burst of commits: the tabs are redrawn from what is then in the database.
    redrawing = true;
    track(
      new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        redrawing = false;
        for (const tab of [...shown.values()]) await publish(tab.teamId, tab.userId);
      }),
    );
  };
  deps.commitListeners.push(onCommit);
  return {
    publish,
    stop() {
      const index = deps.commitListeners.indexOf(onCommit);
      if (index >= 0) deps.commitListeners.splice(index, 1);
    },
  };
}

/** Publishes the Home tab whenever a person opens it (`app_home_opened`, tab `home`). */
export function registerSlackHome(app: SlackApp, homes: HomeTabs): void {
  app.event('app_home_opened', async ({ event, body }: SlackEventMiddlewareArgs<'app_home_opened'> & AllMiddlewareArgs) => {
    if (event.tab !== 'home') return;
    await homes.publish(body.team_id, event.user);
  });
}
