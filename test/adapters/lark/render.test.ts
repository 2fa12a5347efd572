import { describe, expect, it } from 'vitest';
import { cardToLark, countComponents, LARK_LIMITS, requestBytesOf } from '../../../adapters/lark/render.js';
import { decodeCardAction } from '../../../src/contract/card-action.js';
import { hugeBoardCard, pendingGateCard } from '../../fixtures/cards.js';

function findAll(value: unknown, tag: string): any[] {
  if (Array.isArray(value)) return value.flatMap((v) => findAll(v, tag));
  if (typeof value !== 'object' || value === null) return [];
  const own = (value as { tag?: unknown }).tag === tag ? [value] : [];
  return [...own, ...Object.values(value).flatMap((v) => findAll(v, tag))];
}

describe('Lark card rendering (JSON 2.0)', () => {
  it('renders a gate card as a shared JSON 2.0 card whose buttons carry only the button value', () => {
    const { card, degradeLevel } = cardToLark(pendingGateCard('gate_7', 3));
    expect(card.schema).toBe('2.0');
    expect(card.config).toMatchObject({ update_multi: true, summary: { content: 'Gate waiting: May I publish the post?' } });
    expect(card.header).toMatchObject({ title: { content: 'May I publish the post?' }, subtitle: { content: 'Gate waiting: May I publish the post?' }, template: 'orange' });
    const buttons = findAll(card, 'button');
    // Reject sits in its reason form after the other buttons (the form is part of every shared card).
    expect(buttons.map((b) => b.text.content)).toEqual(['Approve', 'Defer 1h', 'Reject']);
    expect(buttons.map((b) => decodeCardAction(b.behaviors[0].value.loopx))).toEqual([
      { v: 1, gate: 'gate_7', rev: 3, choice: 'approve' },
      { v: 1, gate: 'gate_7', rev: 3, choice: 'defer' },
      { v: 1, gate: 'gate_7', rev: 3, choice: 'reject' },
    ]);
    expect(degradeLevel).toBe(0);
  });

  it('tells old clients (no buttons) the text command that does the same', () => {
    const text = JSON.stringify(cardToLark(pendingGateCard('gate_7')).card);
    expect(text).toContain('@LoopX approve gate_7');
    expect(text).toContain('@LoopX reject gate_7 <reason>');
  });

  it('renders the reject button as a form with a required reason, so no click has to replace the shared card', () => {
    const { card } = cardToLark(pendingGateCard('gate_7', 2));
    const [form] = findAll(card, 'form');
    expect(form).toBeDefined();
    const input = findAll(form, 'input')[0];
    expect(input).toMatchObject({ name: 'reason', required: true });
    const submit = findAll(form, 'button')[0];
    expect(submit.form_action_type).toBe('submit');
    expect(decodeCardAction(submit.behaviors[0].value.loopx)).toEqual({ v: 1, gate: 'gate_7', rev: 2, choice: 'reject' });
    expect(findAll(card, 'button').map((b) => b.text.content)).toEqual(['Approve', 'Defer 1h', 'Reject']);
  });

  it('colours a muted header tag `neutral`: JSON 2.0 tags have no grey', () => {
    const card = { key: 'goal:x', kind: 'board' as const, fallbackText: 'x', blocks: [{ type: 'header' as const, text: 'Paused goal', status: 'paused', tone: 'muted' as const }] };
    const { card: rendered } = cardToLark(card);
    const tags = (rendered.header as { text_tag_list: { color: string }[] }).text_tag_list;
    expect(tags.map((t) => t.color)).toEqual(['neutral']);
  });

  it('never passes agent text through markdown (no @all, no injected formatting)', () => {
    const { card } = cardToLark(hugeBoardCard(2, 10));
    for (const md of findAll(card, 'markdown')) expect(md.content).not.toContain('<at');
    expect(findAll(card, 'plain_text').some((t) => t.content.includes('<at user_id="all">'))).toBe(true);
  });

  it('degrades a 30 KB+ board (300 todos per lane, long texts) into a card within every limit', () => {
    const source = hugeBoardCard(300, 400);
    expect(Buffer.byteLength(JSON.stringify(source))).toBeGreaterThan(LARK_LIMITS.requestBytes);
    const { card } = cardToLark(source);
    expect(requestBytesOf(card)).toBeLessThanOrEqual(LARK_LIMITS.requestBytes);
    expect(countComponents(card)).toBeLessThanOrEqual(LARK_LIMITS.components);
    expect(findAll(card, 'table').length).toBeLessThanOrEqual(LARK_LIMITS.tables);
    // the buttons survive every cut: the decision must stay possible
    expect(findAll(card, 'button').length).toBe(3);
    expect(JSON.stringify(card)).toContain('more');
  });

  it('cuts deeper, step by step, when the generous budget still does not fit', () => {
    const source = { ...pendingGateCard(), blocks: [...Array.from({ length: 60 }, () => ({ type: 'text' as const, text: 'z'.repeat(3000) })), ...pendingGateCard().blocks] };
    const { card, degradeLevel } = cardToLark(source);
    expect(degradeLevel).toBeGreaterThan(0);
    expect(requestBytesOf(card)).toBeLessThanOrEqual(LARK_LIMITS.requestBytes);
    expect(findAll(card, 'button').length).toBe(3);
  });

  it('cuts multi-byte text by characters, never leaving half a character', () => {
    const card = { ...pendingGateCard(), blocks: [{ type: 'text' as const, text: '审批'.repeat(20_000) }] };
    const { card: rendered } = cardToLark(card);
    const texts = findAll(rendered, 'plain_text').map((t) => t.content as string);
    expect(texts.every((t) => !t.includes('\uFFFD'))).toBe(true);
    expect(requestBytesOf(rendered)).toBeLessThanOrEqual(LARK_LIMITS.requestBytes);
  });
});
