// The text fallback every chat surface shares: `/loopx approve gate_x looks good` in Slack, the same words
// to the Lark bot. Parsing is pure; running goes through the same decision path as a button click.

/** A parsed chat command. */
export type ChatCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'status'; readonly goalId: string | null }
  | { readonly kind: 'gates' }
  | { readonly kind: 'review'; readonly goalId: string }
  | { readonly kind: 'approve'; readonly gateId: string; readonly reason: string | null }
  | { readonly kind: 'reject'; readonly gateId: string; readonly reason: string }
  | { readonly kind: 'defer'; readonly gateId: string; readonly duration: string };

/** The usage text a chat command answers when it cannot be understood. */
export const CHAT_USAGE = [
  'LoopX commands:',
  '• `status [goal]`: where a goal stands',
  '• `gates`: the gates waiting on you',
  '• `review <goal>` (or `评审 <goal>`): the packet to judge the goal\'s first open gate',
  '• `approve <gate> [reason]` (a gate with options: `approve <gate> <option>`)',
  '• `reject <gate> <reason>`',
  '• `defer <gate> <duration>` (30m, 4h, 2d, or an ISO time)',
].join('\n');

const DURATION = /^(\d{1,4})(m|h|d)$/;
const UNIT_MS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** When a defer ends: `now` plus a duration (30m, 4h, 2d), or an absolute ISO time; null when unreadable. */
export function deferUntil(duration: string, now: Date): string | null {
  const match = DURATION.exec(duration);
  if (match) return new Date(now.getTime() + Number(match[1]) * UNIT_MS[match[2]!]!).toISOString();
  const at = Date.parse(duration);
  return Number.isNaN(at) || !/^\d{4}-\d{2}-\d{2}/.test(duration) ? null : new Date(at).toISOString();
}

/** Parses the words after `/loopx` (or a mention of the bot); answers a usage message when it cannot. */
export function parseChatCommand(text: string): { ok: true; command: ChatCommand } | { ok: false; message: string } {
  const words = text.trim().split(/\s+/).filter((w) => w !== '');
  const [verb, target, ...rest] = words;
  const reason = rest.join(' ').trim();
  const need = (what: string) => ({ ok: false as const, message: `\`${verb}\` needs ${what}.\n${CHAT_USAGE}` });
  switch (verb?.toLowerCase()) {
    case undefined:
    case 'help':
      return { ok: true, command: { kind: 'help' } };
    case 'status':
      return { ok: true, command: { kind: 'status', goalId: target ?? null } };
    case 'gates':
      return { ok: true, command: { kind: 'gates' } };
    case 'review':
    case '评审':
      if (!target) return need('a goal id');
      return { ok: true, command: { kind: 'review', goalId: target } };
    case 'approve':
      if (!target) return need('a gate id');
      return { ok: true, command: { kind: 'approve', gateId: target, reason: reason === '' ? null : reason } };
    case 'reject':
      if (!target || reason === '') return need('a gate id and a reason (the agent gets the reason back)');
      return { ok: true, command: { kind: 'reject', gateId: target, reason } };
    case 'defer':
      if (!target || rest.length !== 1) return need('a gate id and one duration like 4h');
      return { ok: true, command: { kind: 'defer', gateId: target, duration: rest[0]! } };
    default:
      return { ok: false, message: `I do not know \`${verb}\`.\n${CHAT_USAGE}` };
  }
}
