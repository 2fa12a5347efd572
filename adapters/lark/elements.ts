import type { CardBlock, CardButton, CardItem, CardPerson, Tone } from '../../cards/model.js';
import { translator, type Translator } from '../../cards/i18n/index.js';
import { encodeCardAction, type CardAction } from '../../src/contract/card-action.js';

// Neutral blocks → Lark card JSON 2.0 components. Text from agents and people goes into `plain_text`
// (never markdown), so a todo cannot @everyone or inject links; only our own labels use markdown.

const EN = translator('en');

/** One Lark card JSON 2.0 component. */
export type LarkElement = Record<string, unknown>;

/** How much of each block a render keeps; the budget enforcer tightens these until the card fits. */
export interface RenderBudget {
  /** Items kept per list or lane (the rest become "…and N more"). */
  readonly maxItems: number;
  /** Characters kept per text component. */
  readonly maxChars: number;
  /** The card's language, for the words the renderer adds itself (default English). */
  readonly tr?: Translator;
}

/** The name of the reason field in the reject form, read back from `action.form_value`. */
export const REASON_FIELD = 'reason';

/** What a LoopX button carries in its callback `value` (an object in JSON 2.0). */
export function buttonValue(action: CardAction): Record<string, string> {
  return { loopx: encodeCardAction(action) };
}

const TONE_COLOR: Readonly<Record<Tone, string>> = { normal: 'default', muted: 'grey', good: 'green', warning: 'orange', danger: 'red' };
/** Header colour template per tone. */
export const TONE_TEMPLATE: Readonly<Record<Tone, string>> = { normal: 'blue', muted: 'grey', good: 'green', warning: 'orange', danger: 'red' };
/** Text tag colour per tone: JSON 2.0 tags have no `grey`, their grey is `neutral`. */
export const TONE_TAG: Readonly<Record<Tone, string>> = { normal: 'blue', muted: 'neutral', good: 'green', warning: 'orange', danger: 'red' };

/** Cuts text to `max` characters (by code point), marking the cut. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/** Escapes our own labels for Lark markdown (HTML entities are what Lark documents for this). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[&<>*_~`[\]()#\\|]/g, (ch) => `&#${ch.codePointAt(0) ?? 0};`);
}

/** Plain text in a div: safe for any content. */
export function plainText(text: string, budget: RenderBudget, tone: Tone = 'normal', size: 'normal' | 'notation' = 'normal'): LarkElement {
  return { tag: 'div', text: { tag: 'plain_text', content: clip(text, budget.maxChars), text_size: size, text_color: TONE_COLOR[tone] } };
}

function label(text: string): LarkElement {
  return { tag: 'markdown', content: `**${escapeMarkdown(clip(text, 200))}**` };
}

function itemLine(item: CardItem): string {
  const meta = item.meta ? ` · ${item.meta}` : '';
  const link = item.link ? ` (${item.link.url})` : '';
  return `• ${item.text}${meta}${link}`;
}

function items(list: readonly CardItem[], hidden: number, budget: RenderBudget): LarkElement[] {
  const kept = list.slice(0, budget.maxItems);
  const more = hidden + list.length - kept.length;
  // Each line gets its share of the budget, so the "…and N more" line is never the part that gets cut.
  const share = Math.max(40, Math.floor(budget.maxChars / Math.max(1, kept.length)));
  const lines = kept.map((item) => clip(itemLine(item), share));
  if (more > 0) lines.push((budget.tr ?? EN).t('render.more', { count: more }));
  return lines.length === 0 ? [] : [plainText(lines.join('\n'), { ...budget, maxChars: budget.maxChars + 40 })];
}

function button(b: CardButton, extra: Record<string, unknown> = {}): LarkElement {
  return {
    tag: 'button',
    text: { tag: 'plain_text', content: clip(b.label, 40) },
    type: b.style,
    behaviors: [{ type: 'callback', value: buttonValue(b.action) }],
    ...(b.confirm ? { confirm: { title: { tag: 'plain_text', content: clip(b.confirm.title, 100) }, text: { tag: 'plain_text', content: clip(b.confirm.text, 300) } } } : {}),
    ...extra,
  };
}

/** Buttons side by side, three to a row (narrow phone screens). */
export function buttonRows(buttons: readonly LarkElement[]): LarkElement[] {
  const rows: LarkElement[] = [];
  for (let i = 0; i < buttons.length; i += 3) {
    const columns = buttons.slice(i, i + 3).map((b) => ({ tag: 'column', width: 'auto', elements: [b] }));
    rows.push({ tag: 'column_set', flex_mode: 'flow', horizontal_spacing: '8px', columns });
  }
  return rows;
}

/**
 * The reject form: a required reason and a Reject submit button carrying the gate, revision and choice. Lark has
 * no modal, and a card answered to a click replaces the shared card for the whole chat, so the form is always
 * part of the card: what one person types stays in their client until they press Reject.
 */
export function rejectForm(reject: CardButton, tr: Translator = EN): LarkElement {
  return {
    tag: 'form',
    name: 'loopx_reject',
    elements: [
      { tag: 'input', name: REASON_FIELD, required: true, max_length: 500, placeholder: { tag: 'plain_text', content: tr.t('render.reasonPlaceholder') } },
      button(reject, { name: 'loopx_reject_submit', form_action_type: 'submit' }),
    ],
  };
}

function actions(buttons: readonly CardButton[], tr: Translator): LarkElement[] {
  const form = buttons.find((b) => b.action.choice === 'reject');
  const plain = buttons.filter((b) => b !== form).map((b) => button(b));
  return [...buttonRows(plain), ...(form ? [rejectForm(form, tr)] : [])];
}

/** `<at id=ou_…></at>` for a linked person (Lark shows their name and notifies them); otherwise name and link hint. */
export function larkMention(person: CardPerson, tr: Translator = EN): string {
  if (person.larkOpenId) return `<at id=${person.larkOpenId}></at>`;
  if (person.quiet) return escapeMarkdown(person.name);
  return `${escapeMarkdown(person.name)} ${tr.t('render.notLinked', { surface: 'Lark', command: escapeMarkdown(`loopx person link ${person.id} --lark <tenant>:<open_id>`) })}`;
}

/** One neutral block → Lark components (a header block is handled by the card header, not here). */
export function blockToElements(block: CardBlock, budget: RenderBudget): LarkElement[] {
  switch (block.type) {
    case 'header':
      return [];
    case 'text':
      return [plainText(block.text, budget, block.tone)];
    case 'fields':
      return [plainText(block.fields.map((f) => (budget.tr ?? EN).t('render.field', { label: f.label, value: f.value })).join('\n'), budget)];
    case 'lanes':
      return block.lanes.flatMap((lane) => [label((budget.tr ?? EN).t('render.counted', { label: lane.label, count: lane.count })), ...items(lane.items, Math.max(0, lane.count - lane.items.length), budget)]);
    case 'list':
      return [label(block.title), ...items(block.items, block.more ?? 0, budget), ...(block.moreLink ? [plainText((budget.tr ?? EN).t('render.field', { label: block.moreLink.label, value: block.moreLink.url }), budget, 'muted')] : [])];
    case 'actions':
      return actions(block.buttons, budget.tr ?? EN);
    case 'outcome':
      return [{ tag: 'markdown', content: `<font color='${TONE_COLOR[block.tone]}'>**${escapeMarkdown(clip(block.text, budget.maxChars))}**</font>` }];
    case 'context':
      return [plainText(block.text, budget, 'muted', 'notation')];
    case 'mentions':
      return [{ tag: 'markdown', content: `**${escapeMarkdown((budget.tr ?? EN).t('render.labelled', { label: clip(block.label, 200) }))}** ${block.people.map((person) => larkMention(person, budget.tr ?? EN)).join(' ')}` }];
    case 'divider':
      return [{ tag: 'hr' }];
  }
}
