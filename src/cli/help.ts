import type { Command } from './command.js';

/** `loopx --help`: every command with its summary. */
export function overviewHelp(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((c) => c.path.join(' ').length));
  const lines = commands.map((c) => `  ${c.path.join(' ').padEnd(width)}  ${c.summary}`);
  return [
    'loopx: the control plane for long-running agent work.',
    '',
    'Commands:',
    ...lines,
    '',
    'Every command takes --help, --json (versioned output) and --as <person> (who is acting).',
    '`loopx <group>` (goal, todo, gate, agent, ...) lists that group\'s commands with their usage.',
    'Exit codes: 0 ok, 1 refused by a rule, 2 usage, 3 not found, 4 configuration or environment.',
    '',
  ].join('\n');
}

/** `loopx <command> --help`. */
export function commandHelp(command: Command): string {
  const options = Object.keys(command.options ?? {}).map((name) => `  --${name.padEnd(16)} ${command.optionHelp?.[name] ?? ''}`);
  return [
    command.summary,
    '',
    `usage: ${command.usage}`,
    '',
    ...(options.length > 0 ? ['Options:', ...options] : []),
    '  --json             print the versioned JSON shape instead of text',
    '  --as <person>      act as this person (recorded in the audit trail)',
    '  --idempotency-key <k>  make a retried write safe: the same key and request answer the first result',
    '',
  ].join('\n');
}

/** `loopx <group>` and `loopx <group> --help`: every command of the group with its usage and summary. */
export function groupHelp(group: string, commands: readonly Command[]): string {
  const members = commands.filter((c) => c.path[0] === group);
  return [`loopx ${group}: ${members.length} commands. Run \`loopx ${group} <command> --help\` for one.`, '', ...members.flatMap((c) => [`  ${c.usage}`, `      ${c.summary}`]), ''].join('\n');
}

/** Edit distance where swapping two neighbouring letters counts as one edit (`lsit` is one away from `list`). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** The command whose words are closest to what was typed (at most two edits, and less than half the words). */
function closest(words: readonly string[], commands: readonly Command[]): Command | undefined {
  let best: { command: Command; edits: number } | undefined;
  for (const command of commands) {
    const wanted = command.path.join(' ');
    const typed = words.slice(0, command.path.length).join(' ');
    const edits = distance(typed, wanted);
    if (edits <= 2 && edits * 2 < wanted.length && (best === undefined || edits < best.edits)) best = { command, edits };
  }
  return best?.command;
}

/** What to answer when no command matches: the overview, a group's commands, or the closest command. */
export function noCommandAnswer(argv: readonly string[], commands: readonly Command[]): { code: number; text: string } {
  const [first, second] = argv;
  // `loopx help <command>` reads as `loopx <command> --help`.
  const single = commands.find((c) => c.path.length === 1 && c.path[0] === second);
  if (first === 'help' && single) return { code: 0, text: commandHelp(single) };
  if (first === 'help' && second !== undefined && commands.some((c) => c.path[0] === second)) return noCommandAnswer([second, '--help'], commands);
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') return { code: 0, text: overviewHelp(commands) };
  const isGroup = commands.some((c) => c.path.length > 1 && c.path[0] === first);
  if (isGroup && (second === undefined || second === '--help' || second === '-h')) return { code: 0, text: groupHelp(first, commands) };
  const words = argv.filter((word) => !word.startsWith('-'));
  const suggestion = closest(words, commands);
  const unknown = `loopx: unknown command "${words.join(' ')}".`;
  if (suggestion) return { code: 2, text: `${unknown} Did you mean \`loopx ${suggestion.path.join(' ')}\`?\nusage: ${suggestion.usage}\n` };
  if (isGroup) return { code: 2, text: `${unknown}\n${groupHelp(first, commands)}` };
  return { code: 2, text: `${unknown} Run \`loopx --help\` for the list.\n` };
}
