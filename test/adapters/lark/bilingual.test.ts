import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boardCard } from '../../../cards/board-card.js';
import { gateCard } from '../../../cards/gate-card.js';
import { withAlternate } from '../../../cards/i18n/index.js';
import type { Card } from '../../../cards/model.js';
import { cardToLark, fitsLarkLimits } from '../../../adapters/lark/render.js';
import { cardToBlockKit } from '../../../adapters/slack/render.js';
import { bindGoal } from '../../../src/app/bindings.js';
import { askGate } from '../../../src/app/gates.js';
import { runDigest } from '../../../src/app/digest.js';
import { createJobDeps } from '../../../src/app/job-deps.js';
import { listDigestTargets } from '../../../src/app/job-publisher.js';
import { startFakeLark, type FakeLark } from '../../helpers/lark-api.js';
import { startLarkHarness, type LarkHarness } from '../../helpers/lark-harness.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';
import { BOARD, GATE } from '../../cards/views.fixture.js';

// Issue 16 #2: a Lark card may carry both languages (JSON 2.0 `i18n_content` on text elements and
// `config.locales`), so each reader's Feishu/Lark client shows its own. `content` holds the binding's language.

type Json = Record<string, unknown>;

/** Every text element (`plain_text` / `markdown`) of a Lark card, nested ones included. */
function texts(value: unknown): Json[] {
  if (Array.isArray(value)) return value.flatMap(texts);
  if (!value || typeof value !== 'object') return [];
  const own = 'content' in value && typeof (value as Json).content === 'string' ? [value as Json] : [];
  return [...own, ...Object.values(value).flatMap(texts)];
}

const bilingualGate = (): Card => withAlternate(gateCard(GATE, { locale: 'zh-CN' }), gateCard(GATE));

describe('a bilingual Lark card', () => {
  it('keeps the binding language in content and gives each text both languages in i18n_content', () => {
    const card = cardToLark(bilingualGate()).card as Json;
    expect(card.config).toMatchObject({ locales: ['zh_cn', 'en_us'] });
    const approve = texts(card).find((t) => t.content === '批准');
    expect(approve?.i18n_content).toEqual({ zh_cn: '批准', en_us: 'Approve' });
    const header = (card.header as Json).title as Json;
    expect(header.content).toBe(GATE.question);
    // Text both languages share (what a person typed) carries no i18n_content.
    expect(header.i18n_content).toBeUndefined();
    const translated = texts(card).filter((t) => t.i18n_content);
    expect(translated.length).toBeGreaterThan(5);
    for (const t of translated) expect(Object.keys(t.i18n_content as Json).sort()).toEqual(['en_us', 'zh_cn']);
    expect(JSON.stringify(card)).not.toContain('alternate');
  });

  it('stays within Lark limits, dropping the second language before cutting content', () => {
    // Lanes full of long todos: the card fits in one language at the first budget, not in two.
    const items = Array.from({ length: 10 }, (_, i) => ({ text: `${'长'.repeat(105)} ${i}`, meta: 'P1' }));
    const big = { ...BOARD, lanes: BOARD.lanes.map((lane) => ({ ...lane, count: 10, top: items })) };
    expect(cardToLark(boardCard(big, { locale: 'zh-CN' })).degradeLevel).toBe(0);
    const rendered = cardToLark(withAlternate(boardCard(big, { locale: 'zh-CN' }), boardCard(big)));
    expect(fitsLarkLimits(rendered.card)).toBe(true);
    expect(rendered.degradeLevel).toBe(0);
    expect(JSON.stringify(rendered.card)).not.toContain('i18n_content');
  });

  it('a Slack render ignores the second language (Slack cards have one)', () => {
    const slack = JSON.stringify(cardToBlockKit(bilingualGate()));
    expect(slack).toContain('批准');
    expect(slack).not.toContain('Approve');
  });
});

describe('loopx goal bind --bilingual', () => {
  let lark: FakeLark;
  let app: TestApp;
  let harness: LarkHarness;
  beforeAll(() => {
    lark = startFakeLark();
  });
  afterAll(() => lark.server.close());
  beforeEach(async () => {
    lark.reset();
    app = await createTestApp();
    harness = await startLarkHarness(app.deps, app.clock);
    seedGoal(app.deps, { agents: ['a1'] });
  });
  afterEach(() => harness.close());

  const postedTo = (chat: string) => lark.messageCalls().filter((c) => c.body?.receive_id === chat).map((c) => JSON.parse(c.body.content) as Json);

  it('posts the board, gate and digest cards to a bilingual Lark chat in both languages', async () => {
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'lark', destination: 'oc_both', locale: 'zh-CN', bilingual: true }));
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'Ship it?', blocks: { global: true } }));
    await harness.drain();
    const target = listDigestTargets(app.deps.store).find((t) => t.bindingId === 'demo/lark/oc_both')!;
    unwrap(runDigest(createJobDeps(app.deps), target, { period: '2026-03-01', dueAt: app.clock.now().toISOString(), late: false, trigger: 'schedule' }));
    await harness.drain();
    const cards = postedTo('oc_both');
    const gate = cards.find((c) => JSON.stringify(c).includes('Ship it?') && JSON.stringify(c).includes('提问者'));
    expect(texts(gate).find((t) => t.content === '批准')?.i18n_content).toEqual({ zh_cn: '批准', en_us: 'Approve' });
    // The board changed when the gate was asked: its update (a patch) carries both languages too.
    const boards = lark.messageCalls().map((c) => String(c.body?.content ?? '')).filter((c) => c.includes('1 个审批待你处理') && c.includes('暂无待办'));
    expect(boards.at(-1)).toContain('"en_us":"Demo goal [active]: no todos · 1 gate needs you"');
    const digest = cards.find((c) => JSON.stringify(c).includes('每日摘要'));
    expect(JSON.stringify(digest)).toContain('en_us');
  });

  it('is refused for a Slack channel, which shows one language, and nothing is bound', () => {
    const refused = bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: 'C0CHANNEL1', locale: 'zh-CN', bilingual: true });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_request', details: { field: 'bilingual' } } });
    expect(refused.ok ? '' : refused.error.message).toContain('Lark');
  });
});
