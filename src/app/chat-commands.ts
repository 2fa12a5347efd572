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

/** Why a chat command could not be read: a catalog key and the verb typed (the reply adds the usage, in the reader's language). */
export interface ParseProblem {
  readonly key: 'parse.unknown' | 'parse.needGoal' | 'parse.needGate' | 'parse.needReason' | 'parse.needDuration';
  readonly verb: string;
}

const DURATION = /^(\d{1,4})(m|h|d|分钟|小时|天)$/;
const UNIT_MS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000, 分钟: 60_000, 小时: 3_600_000, 天: 86_400_000 };

/** The Chinese verbs, each the same command as its English form (same authority, same audit). */
const VERB_ALIASES: Readonly<Record<string, string>> = { 状态: 'status', 待我处理: 'gates', 评审: 'review', 批准: 'approve', 拒绝: 'reject', 推迟: 'defer', 帮助: 'help' };

/** When a defer ends: `now` plus a duration (30m, 4h, 2d, 30分钟, 4小时, 2天), or an absolute ISO time; null when unreadable. */
export function deferUntil(duration: string, now: Date): string | null {
  const match = DURATION.exec(duration);
  if (match) return new Date(now.getTime() + Number(match[1]) * UNIT_MS[match[2]!]!).toISOString();
  const at = Date.parse(duration);
  return Number.isNaN(at) || !/^\d{4}-\d{2}-\d{2}/.test(duration) ? null : new Date(at).toISOString();
}

/** Parses the words after `/loopx` (or a mention of the bot); answers what is missing when it cannot. */
export function parseChatCommand(text: string): { ok: true; command: ChatCommand } | { ok: false; problem: ParseProblem } {
  const words = text.trim().split(/\s+/).filter((w) => w !== '');
  const [verb, target, ...rest] = words;
  const reason = rest.join(' ').trim();
  const problem = (key: ParseProblem['key']) => ({ ok: false as const, problem: { key, verb: verb ?? '' } });
  switch (verb === undefined ? undefined : (VERB_ALIASES[verb] ?? verb.toLowerCase())) {
    case undefined:
    case 'help':
      return { ok: true, command: { kind: 'help' } };
    case 'status':
      return { ok: true, command: { kind: 'status', goalId: target ?? null } };
    case 'gates':
      return { ok: true, command: { kind: 'gates' } };
    case 'review':
      if (!target) return problem('parse.needGoal');
      return { ok: true, command: { kind: 'review', goalId: target } };
    case 'approve':
      if (!target) return problem('parse.needGate');
      return { ok: true, command: { kind: 'approve', gateId: target, reason: reason === '' ? null : reason } };
    case 'reject':
      if (!target || reason === '') return problem('parse.needReason');
      return { ok: true, command: { kind: 'reject', gateId: target, reason } };
    case 'defer':
      if (!target || rest.length !== 1) return problem('parse.needDuration');
      return { ok: true, command: { kind: 'defer', gateId: target, duration: rest[0]! } };
    default:
      return problem('parse.unknown');
  }
}
