import { describe, expect, it } from 'vitest';
import { cardToHtml } from '../../../adapters/web/render.js';
import type { Card } from '../../../cards/model.js';
import { pendingGateCard } from '../../fixtures/cards.js';

// Hand-built cards covering every block type: the HTML is the reference rendering, pinned by goldens.
const GATE_CARD = pendingGateCard('gate_1', 2);
const HOSTILE_CARD: Card = { ...GATE_CARD, blocks: [{ type: 'header', text: 'May I publish the <post>?', status: 'pending' }, { type: 'text', text: 'Review & link check passed.' }, ...GATE_CARD.blocks] };

const BOARD_CARD: Card = {
  key: 'goal:demo',
  kind: 'board',
  fallbackText: 'Demo [active]',
  blocks: [
    { type: 'header', text: 'Demo', status: 'active', tone: 'good' },
    { type: 'divider' },
    {
      type: 'lanes',
      lanes: [
        { lane: 'todo', label: 'Todo', count: 4, items: [{ text: 'Write the changelog', meta: 'P2' }] },
        { lane: 'done', label: 'Done', count: 0, items: [] },
      ],
    },
    {
      type: 'list',
      title: 'Latest evidence',
      items: [
        { text: 'Draft ready', meta: 'doc by writer', link: { label: 'open', url: 'https://example.com/d?a=1&b=2' } },
        { text: 'Sneaky', link: { label: 'x', url: 'javascript:alert(1)' }, tone: 'danger' },
      ],
      more: 3,
      moreLink: { label: 'all', url: '/goals/demo' },
    },
    { type: 'outcome', text: 'Approved by Ana · 14:02 · via Web', tone: 'good' },
  ],
};

describe('cardToHtml', () => {
  it('renders a pending gate card for a signed-in person (golden)', async () => {
    const out = cardToHtml(GATE_CARD, { csrfToken: 'csrf-token-1', returnTo: '/gates/gate_1' }).value;
    await expect(out).toMatchFileSnapshot('goldens/gate-card.signed-in.html');
  });

  it('renders the same card read-only: disabled buttons, no token, a hint to sign in (golden)', async () => {
    const out = cardToHtml(GATE_CARD, { csrfToken: null, returnTo: '/' }).value;
    expect(out.match(/ disabled>/g)).toHaveLength(3);
    await expect(out).toMatchFileSnapshot('goldens/gate-card.read-only.html');
  });

  it('renders lanes, lists, links and outcomes (golden)', async () => {
    await expect(cardToHtml(BOARD_CARD, { csrfToken: null, returnTo: '/' }).value).toMatchFileSnapshot('goldens/board-card.html');
  });

  it('escapes every text and never links a non-http URL', () => {
    const out = cardToHtml(BOARD_CARD, { csrfToken: null, returnTo: '/' }).value + cardToHtml(HOSTILE_CARD, { csrfToken: '"><script>', returnTo: '/' }).value;
    expect(out).not.toContain('<post>');
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('May I publish the &lt;post&gt;?');
    expect(out).toContain('Review &amp; link check passed.');
    expect(out).toContain('href="https://example.com/d?a=1&amp;b=2"');
  });

  it('posts the button value a chat click carries', () => {
    const out = cardToHtml(GATE_CARD, { csrfToken: 't', returnTo: '/' }).value;
    expect(out).toContain('name="action" value="{&quot;v&quot;:1,&quot;gate&quot;:&quot;gate_1&quot;,&quot;rev&quot;:2,&quot;choice&quot;:&quot;approve&quot;}"');
  });
});
