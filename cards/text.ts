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
      return [`    [${block.buttons.map((b) => `${b.label}: loopx gate ${b.action.choice} ${b.action.gate} --as <you>`).join(' | ')}]`];
    case 'divider':
      return ['---'];
  }
}

/** A card as plain text (previews, terminals, and clients that cannot show cards); buttons become commands. */
export function cardToText(card: Card): string {
  return card.blocks.flatMap(blockLines).join('\n');
}
