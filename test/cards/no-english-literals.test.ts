import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 16 #5: the modules already moved to the catalog keep every human-facing word in it. A string or template
// literal with two English words in a row is a sentence that bypasses the catalog; keys ('gate.button.approve'),
// wire values ('approve', 'danger') and comments are fine. Add a module here once it is moved.
const MOVED = [
  'cards/gate-card.ts',
  'cards/board-card.ts',
  'cards/digest-card.ts',
  'cards/user-action.ts',
  'cards/monitor-card.ts',
  'cards/reminder-card.ts',
  'cards/heartbeat-card.ts',
  'cards/needs-you-card.ts',
  'cards/review-card.ts',
  'adapters/slack/doctor.ts',
  'adapters/lark/doctor.ts',
  'adapters/lark/base/doctor.ts',
  'src/app/base/render.ts',
  'src/app/base/schema.ts',
  'src/app/chat-decisions.ts',
  'src/app/chat-run.ts',
  'adapters/lark/elements.ts',
  'adapters/lark/render.ts',
  'adapters/slack/render.ts',
  'src/app/chat/refusal.ts',
  'src/app/chat-commands.ts',
  'src/app/chat/next-step.ts',
  'src/app/queries/review.ts',
  'src/app/queries/gate-view.ts',
  'cards/glance.ts',
  'src/app/chat/reader.ts',
  'adapters/web/layout.ts',
  'adapters/web/handler.ts',
  'adapters/web/decide-route.ts',
  'adapters/web/session-routes.ts',
  'adapters/web/render.ts',
  'adapters/web/charts.ts',
  'adapters/web/page-routes.ts',
  'adapters/web/pages/board.ts',
  'adapters/web/pages/goal.ts',
  'adapters/web/pages/gate.ts',
  'adapters/web/pages/digest.ts',
  'adapters/web/pages/audit.ts',
  'adapters/web/pages/login.ts',
  'src/app/queries/ledger-sentences.ts',
];

/** String and template literals of a source file (a template's text parts, placeholders' own literals too); comments skipped. */
function literalsOf(text: string): string[] {
  // Regular-expression literals (after `(`, `=`, `,` or `:`) may hold quotes and backticks: drop them first.
  const source = text.replace(/([(=,:]\s*)\/(?![/*])(?:[^/\\\n[]|\\.|\[(?:[^\]\\]|\\.)*\])+\/[gimsuy]*/g, '$1null');
  const found: string[] = [];
  let i = 0;
  const readQuoted = (quote: string): void => {
    let text = '';
    for (i += 1; i < source.length && source[i] !== quote; i += 1) text += source[i] === '\\' ? source[++i] : source[i];
    i += 1;
    found.push(text);
  };
  const readTemplate = (): void => {
    let text = '';
    for (i += 1; i < source.length && source[i] !== '`'; ) {
      if (source[i] === '\\') {
        text += source[i + 1];
        i += 2;
      } else if (source.startsWith('${', i)) {
        text += ' ';
        i += 2;
        readCode('}');
      } else text += source[i++];
    }
    i += 1;
    found.push(text);
  };
  const readCode = (end: string | null): void => {
    let depth = 0;
    while (i < source.length) {
      const ch = source[i]!;
      if (ch === end && depth === 0) return void (i += 1);
      if (source.startsWith('//', i)) i = source.indexOf('\n', i) < 0 ? source.length : source.indexOf('\n', i);
      else if (source.startsWith('/*', i)) i = source.indexOf('*/', i) + 2;
      else if (ch === "'" || ch === '"') readQuoted(ch);
      else if (ch === '`') readTemplate();
      else {
        if (ch === '{') depth += 1;
        if (ch === '}') depth -= 1;
        i += 1;
      }
    }
  };
  readCode(null);
  return found;
}

/** Two English words in a row (placeholders are already spaces). */
function sentenceIn(literal: string): string | null {
  // Markup (`<at id=…></at>`) and `loopx …` commands are not prose.
  const prose = literal.replace(/<[^>]*>/g, ' ').replace(/\bloopx .*/g, ' ');
  return /\b[A-Za-z]{2,} [A-Za-z]{2,}\b/.exec(prose)?.[0] ?? null;
}

describe('human-facing modules moved to the catalog', () => {
  it.each(MOVED)('%s has no English sentence outside the catalog', (file) => {
    const found = literalsOf(readFileSync(join(process.cwd(), file), 'utf8')).filter((l) => sentenceIn(l) !== null);
    expect(found).toEqual([]);
  });

  it('the check finds a sentence when there is one', () => {
    expect(literalsOf("const x = 'Waiting on nobody';").filter((l) => sentenceIn(l) !== null)).toEqual(['Waiting on nobody']);
    expect(sentenceIn('gate.button.approve')).toBeNull();
  });
});
