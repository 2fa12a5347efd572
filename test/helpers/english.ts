/** Words LoopX may leave in English in a Chinese reply: product and platform names, commands, timezone names. */
const ALLOWED = new Set(['LoopX', 'loopx', 'Slack', 'Lark', 'Asia', 'Shanghai', 'UTC', 'ISO', 'ID', 'API', 'should', 'run']);

/**
 * The English words of a reply once what people typed (questions, names, ids, options), `code` spans and `loopx …`
 * command lines (commands to type) are taken out: a zh-CN reply should have none.
 */
export function englishWords(text: string, typed: readonly string[] = []): string[] {
  const sorted = [...new Set(typed)].filter((t) => t.length > 1).sort((a, b) => b.length - a.length);
  const rest = sorted.reduce((left, t) => left.split(t).join(' '), text.replace(/`[^`]*`/g, ' ').replace(/\bloopx .*/g, ' '));
  return (rest.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !ALLOWED.has(w));
}
