import { translator, type Translator } from '../../cards/i18n/index.js';
import type { ButtonConfirm, Card, CardBlock, CardButton, CardItem, CardPerson, Tone } from '../../cards/model.js';
import { cardActionName, encodeCardAction } from '../../src/contract/card-action.js';
import { stripBidi } from '../../src/kernel/public-safe.js';
import { BLOCK_KIT_LIMITS as L, truncate } from './limits.js';

/** A Block Kit block, as plain JSON. */
export type SlackBlock = Record<string, unknown>;

/** A message ready for chat.postMessage / chat.update. */
export interface SlackMessage {
  readonly text: string;
  readonly blocks: SlackBlock[];
}

/** Where a truncated card can send the reader for the rest (the web board). */
export interface RenderOptions {
  readonly seeMoreUrl?: string | null;
  /** The card's language, for the renderer's own words (set from the card; default English). */
  readonly tr?: Translator;
}

const EN = translator('en');

/** Lane items are one line each on a phone. */
const LANE_ITEM_CHARS = 150;

const TONE_MARK: Readonly<Record<Tone, string>> = { normal: '', muted: '', good: ':white_check_mark: ', warning: ':warning: ', danger: ':red_circle: ' };

/**
 * Escapes text for mrkdwn: Slack reads &, < and > as control characters (`<!channel>`, `<url|label>`), and
 * bidirectional controls would let text reorder what the reader sees, so they are dropped.
 */
export function escapeMrkdwn(text: string): string {
  return stripBidi(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A Slack link `<url|label>`: the URL escaped and its `|` percent-encoded, so neither part can close the link. */
export function slackLink(url: string, label: string): string {
  return `<${escapeMrkdwn(url).replace(/\|/g, '%7C').replace(/\s/g, '%20')}|${escapeMrkdwn(label)}>`;
}

function seeMore(options: RenderOptions): string {
  const tr = options.tr ?? EN;
  return options.seeMoreUrl ? `… ${slackLink(options.seeMoreUrl, tr.t('render.seeMore'))}` : `… ${tr.t('render.seeMoreStatus')}`;
}

function section(text: string, options: RenderOptions): SlackBlock {
  return { type: 'section', text: { type: 'mrkdwn', text: truncate(text, L.sectionText, seeMore(options)) } };
}

function itemLine(item: CardItem): string {
  const link = item.link ? ` ${slackLink(item.link.url, item.link.label)}` : '';
  const meta = item.meta ? ` _${escapeMrkdwn(item.meta)}_` : '';
  return `• ${TONE_MARK[item.tone ?? 'normal']}${escapeMrkdwn(truncate(item.text, 300))}${meta}${link}`;
}

/** A Block Kit confirmation dialog, within its limits (title 100, text 300, buttons 30 characters). */
function slackConfirm(c: ButtonConfirm): SlackBlock {
  const plain = (text: string, max: number) => ({ type: 'plain_text', text: truncate(stripBidi(text), max) });
  return { title: plain(c.title, 100), text: plain(c.text, 300), confirm: plain(c.ok, 30), deny: plain(c.deny, 30), style: 'danger' };
}

function button(b: CardButton): SlackBlock | null {
  const value = encodeCardAction(b.action);
  if (value.length > L.buttonValue) return null;
  const style = b.style === 'default' ? {} : { style: b.style };
  const confirm = b.confirm ? { confirm: slackConfirm(b.confirm) } : {};
  const actionId = truncate(`loopx:${cardActionName(b.action)}`, L.actionId, '');
  return { type: 'button', text: { type: 'plain_text', text: truncate(stripBidi(b.label), L.buttonText), emoji: true }, value, action_id: actionId, ...style, ...confirm };
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function fieldsBlocks(fields: readonly { label: string; value: string }[], options: RenderOptions): SlackBlock[] {
  return chunk(fields, L.fields).map((group) => ({
    type: 'section',
    fields: group.map((f) => ({ type: 'mrkdwn', text: truncate(`*${escapeMrkdwn(f.label)}*\n${escapeMrkdwn(f.value)}`, L.fieldText, seeMore(options)) })),
  }));
}

/** One lane as a field: its count and its top items, each kept to a line a phone can show. */
function laneField(lane: Extract<CardBlock, { type: 'lanes' }>['lanes'][number]): { label: string; value: string } {
  const items = lane.items.map((i) => `• ${truncate(i.text, LANE_ITEM_CHARS)}${i.meta ? ` (${i.meta})` : ''}`);
  return { label: `${lane.label} · ${lane.count}`, value: items.join('\n') || '—' };
}

/** `<@U123>` for a linked person; otherwise their name and how to link them, so nobody is silently skipped. */
export function slackMention(person: CardPerson, tr: Translator = EN): string {
  if (person.slackUser) return `<@${person.slackUser}>`;
  if (person.quiet) return escapeMrkdwn(person.name);
  return `${escapeMrkdwn(person.name)} _${tr.t('render.notLinked', { surface: 'Slack', command: escapeMrkdwn(`loopx person link ${person.id} --slack <team>:<user>`) })}_`;
}

/** The linked people a card @mentions, for the notification text (what a phone shows on its lock screen). */
function mentionedUsers(card: Card): string {
  const users = new Set(card.blocks.flatMap((b) => (b.type === 'mentions' ? b.people.flatMap((p) => (p.slackUser ? [`<@${p.slackUser}>`] : [])) : [])));
  return users.size === 0 ? '' : ` · ${[...users].join(' ')}`;
}

function blockToSlack(block: CardBlock, options: RenderOptions): SlackBlock[] {
  switch (block.type) {
    case 'header':
      return [{ type: 'header', text: { type: 'plain_text', text: truncate(stripBidi(block.status ? `${block.text} · ${block.status}` : block.text), L.headerText), emoji: true } }];
    case 'text':
      return [section(`${TONE_MARK[block.tone ?? 'normal']}${escapeMrkdwn(block.text)}`, options)];
    case 'fields':
      return fieldsBlocks(block.fields, options);
    case 'lanes':
      return fieldsBlocks(block.lanes.map(laneField), options);
    case 'list': {
      const more = block.more ? `\n… and ${block.more} more${block.moreLink ? ` ${slackLink(block.moreLink.url, block.moreLink.label)}` : ''}` : '';
      return [section(`*${escapeMrkdwn(block.title)}*\n${block.items.map(itemLine).join('\n')}${more}`, options)];
    }
    case 'actions': {
      const buttons = block.buttons.map(button).filter((b): b is SlackBlock => b !== null);
      return chunk(buttons, L.actionsElements).map((elements) => ({ type: 'actions', elements }));
    }
    case 'outcome':
      return [section(`${TONE_MARK[block.tone]}*${escapeMrkdwn(block.text)}*`, options)];
    case 'context':
      return [{ type: 'context', elements: [{ type: 'mrkdwn', text: truncate(escapeMrkdwn(block.text), L.fieldText) }] }];
    case 'mentions':
      return [section(`*${escapeMrkdwn((options.tr ?? EN).t('render.labelled', { label: block.label }))}* ${block.people.map((person) => slackMention(person, options.tr ?? EN)).join(' ')}`, options)];
    case 'divider':
      return [{ type: 'divider' }];
  }
}

/** Shrinks the longest section until the message fits the aggregate budget; drops trailing blocks as a last resort. */
function fitAggregate(blocks: SlackBlock[], options: RenderOptions): SlackBlock[] {
  const size = () => JSON.stringify(blocks).length;
  const sectionTexts = () => blocks.map((b) => (b.type === 'section' && b.text ? (b.text as { text: string }) : null)).filter((t): t is { text: string } => t !== null);
  while (size() > L.aggregate) {
    const longest = sectionTexts().sort((a, b) => b.text.length - a.text.length)[0];
    if (!longest || longest.text.length <= 400) break;
    longest.text = truncate(longest.text, Math.floor(longest.text.length / 2), seeMore(options));
  }
  while (size() > L.aggregate && blocks.length > 1) blocks.splice(blocks.length - 2, 1);
  return blocks;
}

/**
 * Renders a neutral card as Block Kit within every limit, degrading instead of failing: long text is cut
 * with a "see more" link, extra fields and buttons are split into more blocks, blocks past 50 are summarised,
 * and the whole message is shrunk to Slack's aggregate size.
 */
export function cardToBlockKit(card: Card, given: RenderOptions = {}): SlackMessage {
  const options = { ...given, tr: translator(card.locale) };
  let blocks = card.blocks.flatMap((block) => blockToSlack(block, options));
  if (blocks.length > L.blocks) {
    const hidden = blocks.length - (L.blocks - 1);
    blocks = [...blocks.slice(0, L.blocks - 1), section(`_${options.tr.t('render.hiddenSections', { count: hidden })}_ ${seeMore(options)}`, options)];
  }
  // The fallback is mrkdwn too (notifications, screen readers): agent text with <!channel> must not ping anyone.
  const mentions = mentionedUsers(card);
  return { text: `${truncate(escapeMrkdwn(card.fallbackText), L.topLevelText - mentions.length)}${mentions}`, blocks: fitAggregate(blocks, options) };
}
