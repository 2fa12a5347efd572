import { translator } from '../../cards/i18n/index.js';
import type { Card, CardBlock, CardButton } from '../../cards/model.js';
import { bilingualLarkCard } from './bilingual.js';
import { blockToElements, clip, plainText, TONE_TAG, TONE_TEMPLATE, type LarkElement, type RenderBudget } from './elements.js';

/** The Lark limits the renderer enforces (chatops-platforms.md §3.4). */
export const LARK_LIMITS = {
  /** Card request body (error 230025 above it); the card is JSON-encoded twice inside it, so we measure that. */
  requestBytes: 30 * 1024,
  /** Room left in the request body for receive_id, msg_type and uuid. */
  envelopeBytes: 512,
  /** Components per card, counted recursively (every object with a `tag`). */
  components: 200,
  /** Markdown tables per card (230099); we render none, lists are plain text. */
  tables: 5,
} as const;

/** A rendered card: the JSON 2.0 object, the `content` string the message APIs take, and how far it was cut. */
export interface LarkRender {
  readonly card: Record<string, unknown>;
  readonly content: string;
  /** 0 = everything shown; higher = the budget enforcer had to cut. */
  readonly degradeLevel: number;
}

/** Budgets from generous to tight; the last step keeps only the header, summary and buttons. */
const LEVELS: readonly RenderBudget[] = [
  { maxItems: 10, maxChars: 2000 },
  { maxItems: 5, maxChars: 1000 },
  { maxItems: 3, maxChars: 400 },
  { maxItems: 1, maxChars: 200 },
];

function headerOf(card: Card): LarkElement {
  const block = card.blocks.find((b): b is Extract<CardBlock, { type: 'header' }> => b.type === 'header');
  const title = block?.text ?? card.fallbackText;
  const header: LarkElement = {
    title: { tag: 'plain_text', content: clip(title, 100) },
    // Feishu clients older than 7.20 show only the header of a JSON 2.0 card: the subtitle carries the summary.
    subtitle: { tag: 'plain_text', content: clip(card.fallbackText, 100) },
    template: TONE_TEMPLATE[block?.tone ?? 'normal'],
  };
  if (block?.status) header.text_tag_list = [{ tag: 'text_tag', text: { tag: 'plain_text', content: clip(block.status, 20) }, color: TONE_TAG[block.tone ?? 'normal'] }];
  return header;
}

function buttonsOf(card: Card): CardButton[] {
  return card.blocks.flatMap((b) => (b.type === 'actions' ? [...b.buttons] : []));
}

/** For clients that cannot press the buttons: the text command that does the same. */
function textFallbackHint(card: Card, budget: RenderBudget): LarkElement[] {
  const gates = [...new Set(buttonsOf(card).flatMap((b) => ('gate' in b.action ? [b.action.gate] : [])))];
  if (gates.length === 0) return [];
  const tr = translator(card.locale);
  const examples = gates.slice(0, 2).map((gate) => tr.t('render.commandExample', { gate }));
  return [plainText(tr.t('render.noButtons', { examples: examples.join('  ·  ') }), budget, 'muted', 'notation')];
}

function assemble(card: Card, elements: readonly LarkElement[]): Record<string, unknown> {
  return {
    schema: '2.0',
    // update_multi: a shared card, so im.v1.message.patch updates it for everyone.
    config: { update_multi: true, width_mode: 'fill', summary: { content: clip(card.fallbackText, 120) } },
    header: headerOf(card),
    body: { elements },
  };
}

function renderAt(card: Card, levelBudget: RenderBudget): Record<string, unknown> {
  const budget = { ...levelBudget, tr: translator(card.locale) };
  const elements = card.blocks.flatMap((block) => blockToElements(block, budget));
  return assemble(card, [...elements, ...textFallbackHint(card, budget)]);
}

/** The last resort: header, the one-line summary and the buttons; always within every limit. */
function minimal(card: Card): Record<string, unknown> {
  const budget = { ...(LEVELS[LEVELS.length - 1] ?? { maxItems: 0, maxChars: 200 }), tr: translator(card.locale) };
  const actions = card.blocks.filter((b) => b.type === 'actions').flatMap((b) => blockToElements(b, budget));
  return assemble(card, [plainText(card.fallbackText, budget), ...actions.slice(0, 4)]);
}

/** Counts components the way Lark's element cap does: every object with a `tag`, nested ones included. */
export function countComponents(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, v) => sum + countComponents(v), 0);
  if (typeof value !== 'object' || value === null) return 0;
  const own = 'tag' in value ? 1 : 0;
  return own + Object.values(value).reduce((sum: number, v) => sum + countComponents(v), 0);
}

/** Bytes the card takes inside a message request body (JSON in a JSON string: quotes are escaped). */
export function requestBytesOf(card: Record<string, unknown>): number {
  return Buffer.byteLength(JSON.stringify(JSON.stringify(card)), 'utf8') + LARK_LIMITS.envelopeBytes;
}

/** True when Lark would accept the card's size and component count. */
export function fitsLarkLimits(card: Record<string, unknown>): boolean {
  return requestBytesOf(card) <= LARK_LIMITS.requestBytes && countComponents(card) <= LARK_LIMITS.components;
}

/**
 * A card with its alternate language overlaid (`i18n_content`), when the whole of both fits at the first budget;
 * otherwise null, and the card goes in its own language alone: a second language is dropped before any content.
 */
function bilingual(card: Card, alternate: Card): Record<string, unknown> | null {
  const [first, second] = [card, alternate].map((c) => renderAt(c, LEVELS[0]!));
  const merged = bilingualLarkCard(first!, second!, [card.locale ?? 'en', alternate.locale ?? 'en']);
  return merged && fitsLarkLimits(merged) ? merged : null;
}

/**
 * Renders a neutral card as a Lark JSON 2.0 interactive card, cutting lists and texts step by step until it
 * fits (30 KB, 200 components); it degrades, it never fails.
 */
export function cardToLark(card: Card): LarkRender {
  const both = card.alternate ? bilingual(card, card.alternate) : null;
  if (both) return { card: both, content: JSON.stringify(both), degradeLevel: 0 };
  for (const [level, budget] of LEVELS.entries()) {
    const rendered = renderAt(card, budget);
    if (fitsLarkLimits(rendered)) return { card: rendered, content: JSON.stringify(rendered), degradeLevel: level };
  }
  const rendered = minimal(card);
  return { card: rendered, content: JSON.stringify(rendered), degradeLevel: LEVELS.length };
}
