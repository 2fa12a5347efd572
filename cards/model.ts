import type { Locale } from '../src/kernel/locale.js';
import type { CardAction } from '../src/contract/card-action.js';
import type { Lane } from '../src/kernel/lanes.js';

/**
 * The neutral card tree. `cards/` builds it from read models (pure functions); each surface renders it
 * (Slack Block Kit, Lark card JSON, HTML) and owns its own limits, degrading instead of failing.
 */
export interface Card {
  /** Stable projection key: one card per key per destination, updated in place (`goal:demo`, `gate:gate_x`). */
  readonly key: string;
  readonly kind: 'board' | 'gate' | 'digest' | 'heartbeat' | 'user_action';
  /** Plain one-line summary: notification text, and the fallback for clients that cannot show cards. */
  readonly fallbackText: string;
  readonly blocks: readonly CardBlock[];
  /** Asks the platform to buzz the reader of a direct message (Lark urgent_app, where enabled); others ignore it. */
  readonly urgent?: boolean;
  /** The language the card is written in, when not English: a renderer's own words (hints, placeholders) follow it. */
  readonly locale?: Locale;
  /**
   * The same card in a second language, for surfaces whose clients show each reader their own (Lark's
   * `i18n_content`); surfaces with one language per message ignore it.
   */
  readonly alternate?: Card;
}

/** Tone of a line: how a renderer may colour or mark it. */
export type Tone = 'normal' | 'muted' | 'good' | 'warning' | 'danger';

/** A link a renderer may show as a button or an anchor. */
export interface CardLink {
  readonly label: string;
  readonly url: string;
}

/** One item in a list or a lane. */
export interface CardItem {
  readonly text: string;
  /** Small print after the text (priority, holder, age). */
  readonly meta?: string;
  readonly link?: CardLink;
  readonly tone?: Tone;
}

/**
 * A person a card names, with the chat accounts they linked (`loopx person link`): a surface that has one
 * @mentions them (Slack user id, Lark open_id), the others name them in plain text with a hint to link them.
 */
export interface CardPerson {
  /** The person's handle, for the link hint only (`loopx person link li slack …`). */
  readonly id: string;
  readonly name: string;
  readonly slackUser?: string;
  readonly larkOpenId?: string;
  /** Not to be @mentioned now (quiet hours, or they chose to be reached nowhere): named without a link hint. */
  readonly quiet?: boolean;
}

/** A confirmation a surface asks for before a button's request is sent (Block Kit `confirm`, Lark `confirm`). */
export interface ButtonConfirm {
  readonly title: string;
  readonly text: string;
  readonly ok: string;
  readonly deny: string;
}

/** A button: a label, a style, and the request it makes. */
export interface CardButton {
  readonly label: string;
  readonly style: 'primary' | 'danger' | 'default';
  readonly action: CardAction;
  /** Asked first (high-risk approvals): the request is only sent once the person confirms. */
  readonly confirm?: ButtonConfirm;
}

/** The building blocks of a card. */
export type CardBlock =
  | { readonly type: 'header'; readonly text: string; readonly status?: string; readonly tone?: Tone }
  | { readonly type: 'text'; readonly text: string; readonly tone?: Tone }
  | { readonly type: 'fields'; readonly fields: readonly { readonly label: string; readonly value: string }[] }
  | {
      readonly type: 'lanes';
      readonly lanes: readonly { readonly lane: Lane; readonly label: string; readonly count: number; readonly items: readonly CardItem[] }[];
    }
  | { readonly type: 'list'; readonly title: string; readonly items: readonly CardItem[]; readonly more?: number; readonly moreLink?: CardLink }
  | { readonly type: 'actions'; readonly buttons: readonly CardButton[] }
  | { readonly type: 'outcome'; readonly text: string; readonly tone: Tone }
  | { readonly type: 'context'; readonly text: string }
  /** "Waiting on: @Li @Bo": people who should act, @mentioned where the surface can. */
  | { readonly type: 'mentions'; readonly label: string; readonly people: readonly CardPerson[] }
  | { readonly type: 'divider' };
