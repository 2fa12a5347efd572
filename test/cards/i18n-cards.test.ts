import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boardCard } from '../../cards/board-card.js';
import { gateCard } from '../../cards/gate-card.js';
import type { Card } from '../../cards/model.js';
import { cardToLark } from '../../adapters/lark/render.js';
import { cardToBlockKit } from '../../adapters/slack/render.js';
import { digestCard } from '../../cards/digest-card.js';
import { personalNeedsCard } from '../../cards/needs-you-card.js';
import { askGate } from '../../src/app/gates.js';
import { gateView } from '../../src/app/queries/gate-view.js';
import { emptyLaneCounts } from '../../src/kernel/lanes.js';
import { gateApp } from '../app/gate-fixture.js';
import { asAgent, unwrap } from '../helpers/test-app.js';
import { BOARD, DIGEST, GATE } from './views.fixture.js';

// Issue 16: golden cards in both languages, and a zh-CN card with no English word except what people typed.

const RESOLVED = { ...GATE, state: 'rejected' as const, decision: { outcome: 'rejected' as const, by: 'Ana', at: '2026-01-05T06:02:00.000Z', via: 'lark', reason: 'Numbers look wrong.', until: null } };

/** Every string a view carries (titles, questions, names, ids): what people and agents typed, not LoopX's words. */
function typedStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(typedStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(typedStrings);
  return [];
}

/** Words LoopX may leave in English on a Chinese card: product and platform names, commands, the timezone's name. */
const ALLOWED = new Set(['loopx', 'LoopX', 'status', 'should', 'run', 'Asia', 'Shanghai', 'America', 'New_York', 'New', 'York', 'Lark', 'Slack', 'Token', 'grant', 'revoke', 'audit', 'verify', 'head']);

function englishWordsIn(card: Card, typed: readonly string[]): string[] {
  const strings = typedStrings(card.blocks.map((b) => ({ ...b, ...(b.type === 'actions' ? { buttons: b.buttons.map((x) => ({ label: x.label, confirm: x.confirm })) } : {}) }))).concat(card.fallbackText);
  const sorted = [...new Set(typed)].filter((t) => t.length > 1).sort((a, b) => b.length - a.length);
  const leftovers = strings.map((text) => sorted.reduce((rest, t) => rest.split(t).join(' '), text));
  const typeNames = new Set(['header', 'text', 'fields', 'lanes', 'list', 'actions', 'outcome', 'context', 'mentions', 'divider', 'normal', 'muted', 'good', 'warning', 'danger', 'primary', 'default']);
  return leftovers.flatMap((text) => text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !ALLOWED.has(w) && !typeNames.has(w));
}

describe('cards in both languages', () => {
  it('match the golden zh-CN renderings (neutral card and Lark JSON)', async () => {
    await expect(JSON.stringify(boardCard(BOARD, { locale: 'zh-CN' }), null, 2)).toMatchFileSnapshot('../fixtures/cards/board.zh-CN.golden.json');
    await expect(JSON.stringify(gateCard(GATE, { locale: 'zh-CN' }), null, 2)).toMatchFileSnapshot('../fixtures/cards/gate-pending.zh-CN.golden.json');
    await expect(JSON.stringify(gateCard(RESOLVED, { locale: 'zh-CN' }), null, 2)).toMatchFileSnapshot('../fixtures/cards/gate-resolved.zh-CN.golden.json');
    await expect(JSON.stringify(cardToLark(gateCard(GATE, { locale: 'zh-CN' })).card, null, 2)).toMatchFileSnapshot('../fixtures/cards/gate-pending.zh-CN.lark.json');
    await expect(JSON.stringify(digestCard(DIGEST, undefined, { locale: 'zh-CN' }), null, 2)).toMatchFileSnapshot('../fixtures/cards/digest.zh-CN.golden.json');
  });

  it('English stays the default and the English goldens are unchanged', async () => {
    await expect(JSON.stringify(gateCard(GATE, { locale: 'en' }), null, 2)).toMatchFileSnapshot('../fixtures/cards/gate-pending.golden.json');
    expect(JSON.stringify(boardCard(BOARD, { locale: 'en' }))).toBe(JSON.stringify(boardCard(BOARD)));
  });

  it('a zh-CN gate card has Chinese buttons, outcome and times, and no English word besides what people typed', () => {
    const pending = gateCard(GATE, { locale: 'zh-CN' });
    const labels = pending.blocks.flatMap((b) => (b.type === 'actions' ? b.buttons.map((x) => x.label) : []));
    expect(labels).toEqual(['批准', '拒绝', '推迟 24 小时']);
    expect(englishWordsIn(pending, typedStrings(GATE))).toEqual([]);
    // The check can fail: the English card is full of LoopX's own English words.
    expect(englishWordsIn(gateCard(GATE), typedStrings(GATE))).toEqual(expect.arrayContaining(['Approve', 'Reject', 'Expires']));
    const resolved = gateCard(RESOLVED, { locale: 'zh-CN' });
    expect(resolved.blocks).toContainEqual({ type: 'outcome', text: '已拒绝，决定人 Ana · 14:02（Asia/Shanghai） · 来自 Lark', tone: 'danger' });
    expect(englishWordsIn(resolved, typedStrings(RESOLVED))).toEqual([]);
  });

  it('a zh-CN board card has Chinese lanes and no English word besides what people typed', () => {
    const card = boardCard({ ...BOARD, staleSince: '2026-01-05T01:00:00.000Z', needsYouTotal: 9 }, { locale: 'zh-CN' });
    const lanes = card.blocks.find((b) => b.type === 'lanes');
    expect(lanes?.type === 'lanes' && lanes.lanes.map((l) => l.label)).toEqual(['待办', '已认领', '进行中', '评审', '受阻', '等待审批', '已完成']);
    expect(englishWordsIn(card, typedStrings(BOARD))).toEqual([]);
  });

  it('a zh-CN digest has Chinese sections, durations and numbers, and no English word besides what people typed', () => {
    const late = { ...DIGEST, late: true, ledgerHead: { seq: 42, hash: 'abc123' } };
    const card = digestCard(late, undefined, { locale: 'zh-CN' });
    const text = JSON.stringify(card);
    for (const words of ['每日摘要', '待你处理（2），最早的在前：', '已等待 3 天', '受阻（1）', '输入 120,000', '迟到']) expect(text).toContain(words);
    expect(englishWordsIn(card, typedStrings(late))).toEqual([]);
  });

  it('Slack and Lark draw their own hints in the card\'s language (a Slack binding may choose zh-CN too)', () => {
    const waiting = { ...GATE, waitingOn: [{ id: 'li', name: '李雷' }] };
    const slack = JSON.stringify(cardToBlockKit(gateCard(waiting, { locale: 'zh-CN' })));
    expect(slack).toContain('李雷 _（未关联 Slack：loopx person link li --slack &lt;team&gt;:&lt;user&gt;）_');
    expect(slack).not.toContain('not linked');
    const lark = cardToLark(gateCard(waiting, { locale: 'zh-CN' })).content;
    expect(lark).toContain('（未关联 Lark：');
    expect(JSON.stringify(cardToBlockKit(gateCard(waiting)))).toContain('李雷 _(not linked to Slack:');
  });

  it('a zh-CN person\'s own "Needs you" (Slack App Home) is Chinese', () => {
    const gate = { ...BOARD.needsYou[0]!, goalTitle: 'Ship the launch post' };
    const view = { personName: '李雷', gates: [gate], userActions: [], waitingOnOthers: [{ ...gate, id: 'gate_9', waitingOn: [{ id: 'bo', name: 'Bo' }] }], boardUrl: null, locale: 'zh-CN' as const };
    const card = personalNeedsCard(view);
    expect(card.blocks[0]).toMatchObject({ type: 'header', text: '待你处理 · 李雷', status: '1 项待处理' });
    expect(englishWordsIn(card, typedStrings(view))).toEqual([]);
    expect(personalNeedsCard({ ...view, locale: 'en' }).blocks[0]).toMatchObject({ text: 'Needs you · 李雷', status: '1 waiting' });
  });

  it('a zh-CN gate card drawn from the database says what it blocks and what approving does in Chinese', async () => {
    const app = await gateApp();
    const typed = ['Publish the post', 'Draft the changelog', 'May I publish?', 'Demo goal', 'a1', 'demo', 'Ana', 'Bo', 'ana', 'bo'];
    for (const blocks of [{ todoIds: [app.todoA] }, { todoIds: [app.todoA, app.todoB] }, { agent: 'a1' }, { global: true }]) {
      const gate = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks })).gate;
      const card = gateCard(gateView(app.deps.store, gate.id)!, { locale: 'zh-CN' });
      expect(englishWordsIn(card, [...typed, gate.id])).toEqual([]);
    }
    const english = gateCard(gateView(app.deps.store, unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { todoIds: [app.todoA] } })).gate.id)!);
    expect(JSON.stringify(english)).toContain('a1 goes ahead with what this gate blocks (the todo \\"Publish the post\\").');
  });

  it('a zh-CN digest\'s glance line is Chinese', () => {
    const glance = { lanes: { ...emptyLaneCounts(), done: 6, running: 3, blocked: 1, todo: 2 }, evidencePerDay: [0, 1, 2, 4, 8, 0, 8], chartsUrl: 'https://loopx.example.com/goals/demo' };
    const view = { ...DIGEST, glance };
    const card = digestCard(view, undefined, { locale: 'zh-CN' });
    expect(englishWordsIn(card, [...typedStrings(DIGEST), glance.chartsUrl])).toEqual([]);
    expect(JSON.stringify(card)).toContain('已完成 6');
    expect(JSON.stringify(digestCard(view))).toContain('At a glance: ██████▓▓▓▒░░ 6 done · 3 in progress · 1 waiting · 2 to do. Evidence, last 7 days:');
  });

  it.each(readdirSync(join(process.cwd(), 'test/fixtures/cards')).filter((f) => f.includes('.zh-CN.')))('the golden %s has no English word besides what people typed', (file) => {
    const golden = JSON.parse(readFileSync(join(process.cwd(), 'test/fixtures/cards', file), 'utf8')) as unknown;
    const said = (value: unknown, key = ''): string[] => {
      if (typeof value === 'string') return SAID_KEYS.has(key) ? [value] : [];
      if (Array.isArray(value)) return value.flatMap((v) => said(v, key));
      if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => said(v, k));
      return [];
    };
    const typed = [...typedStrings([BOARD, GATE, RESOLVED, DIGEST])].filter((t) => t.length > 1).sort((a, b) => b.length - a.length);
    const words = said(golden).flatMap((text) => typed.reduce((rest, t) => rest.split(t).join(' '), text).match(/[A-Za-z]{2,}/g) ?? []);
    expect(words.filter((w) => !ALLOWED.has(w))).toEqual([]);
  });
});

/** The keys whose values people read, in a neutral card or a Lark card. */
const SAID_KEYS = new Set(['text', 'content', 'label', 'status', 'value', 'fallbackText', 'title', 'placeholder', 'summary']);
