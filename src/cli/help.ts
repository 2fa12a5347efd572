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
