import type { CardAction } from '../src/contract/card-action.js';
import type { Card, CardBlock, CardItem } from './model.js';

function itemLine(item: CardItem): string {
  return `  - ${item.text}${item.meta ? ` (${item.meta})` : ''}`;
}

function blockLines(block: CardBlock): string[] {
  switch (block.type) {
    case 'header':
      return [`${block.text}${block.status ? ` [${block.status}]` : ''}`];
    case 'text':
    case 'outcome':
    case 'context':
      return [block.text];
    case 'fields':
      return block.fields.map((f) => `${f.label}: ${f.value}`);
    case 'lanes':
      return block.lanes.flatMap((lane) => [`${lane.label} (${lane.count})`, ...lane.items.map(itemLine)]);
    case 'list':
      return [`${block.title}:`, ...block.items.map(itemLine)];
    case 'actions':
      return [`    [${block.buttons.map((b) => `${b.label}: ${commandOf(b.action)}`).join(' | ')}]`];
    case 'mentions':
      return [`${block.label}: ${block.people.map((p) => p.name).join(', ')}`];
    case 'divider':
      return ['---'];
  }
}

/** The CLI command that does what a button does. */
function commandOf(action: CardAction): string {
  if ('todo' in action) return `loopx todo done ${action.todo} --as <you>`;
  if ('monitor' in action) return `loopx todo monitor ${action.choice} ${action.monitor} --as <you>`;
  return `loopx gate ${action.choice} ${action.gate} --as <you>`;
}

/** A card as plain text (previews, terminals, and clients that cannot show cards); buttons become commands. */
export function cardToText(card: Card): string {
  return card.blocks.flatMap(blockLines).join('\n');
}
