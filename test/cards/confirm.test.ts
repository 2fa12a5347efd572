import { describe, expect, it } from 'vitest';
import { cardToLark } from '../../adapters/lark/render.js';
import { cardToBlockKit } from '../../adapters/slack/render.js';
import { gateCard } from '../../cards/gate-card.js';
import { GATE } from './views.fixture.js';

describe('high-risk gates ask for confirmation before approving', () => {
  it('Slack: the Approve button of a high-risk gate carries a Block Kit confirm dialog; a normal one does not', () => {
    const high = cardToBlockKit(gateCard({ ...GATE, risk: 'high' }));
    const elements = high.blocks.filter((b) => b.type === 'actions').flatMap((b) => b.elements as Record<string, any>[]);
    const approve = elements.find((e) => String(e.action_id).startsWith('loopx:approve'));
    expect(approve?.confirm).toMatchObject({ title: { type: 'plain_text', text: 'Approve a high-risk request?' }, confirm: { text: 'Yes, approve' }, deny: { text: 'Cancel' } });
    expect(approve?.confirm.text.text).toContain(GATE.question);
    const normal = cardToBlockKit(gateCard({ ...GATE, risk: 'normal' }));
    expect(JSON.stringify(normal.blocks)).not.toContain('"confirm"');
  });

  it('Lark: the Approve button of a high-risk gate carries a confirm; Reject keeps its reason form', () => {
    const card = cardToLark(gateCard({ ...GATE, risk: 'high' })).content;
    const parsed = JSON.parse(card);
    const buttons: any[] = [];
    const walk = (v: any) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        if (v.tag === 'button') buttons.push(v);
        Object.values(v).forEach(walk);
      }
    };
    walk(parsed);
    const approve = buttons.find((b) => b.text.content === 'Approve');
    expect(approve.confirm).toMatchObject({ title: { tag: 'plain_text', content: 'Approve a high-risk request?' } });
    expect(approve.confirm.text.content).toContain(GATE.question);
    expect(cardToLark(gateCard({ ...GATE, risk: 'low' })).content).not.toContain('"confirm"');
  });
});
