#!/usr/bin/env node
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Actor } from '../app/actor.js';
import { storageFaultError } from '../app/storage/health.js';
import { ConfigError, loadConfig } from '../config.js';
import { ERROR_TABLE, isKernelFailure, type KernelError } from '../kernel/errors.js';
import { createLogger } from '../logger.js';
import { UsageError, type CliContext, type Command } from './command.js';
import { COMMANDS } from './commands/index.js';
import { commandHelp, noCommandAnswer } from './help.js';

const GLOBAL_OPTIONS: ParseArgsConfig['options'] = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  as: { type: 'string' },
  'idempotency-key': { type: 'string' },
};

const EXIT_USAGE = 2;
const EXIT_CONFIG = 4;

/** Finds the command whose path is the longest prefix of the arguments. */
function findCommand(args: readonly string[]): Command | undefined {
  return [...COMMANDS].sort((a, b) => b.path.length - a.path.length).find((c) => c.path.every((word, i) => args[i] === word));
}

function printError(error: KernelError, json: boolean): number {
  // With --json the error is on stdout for programs, and on stderr for the person whose script captured stdout.
  if (json) process.stdout.write(`${JSON.stringify({ error })}\n`);
  process.stderr.write(`loopx: ${error.message}\n`);
  return ERROR_TABLE[error.code].exit;
}

/** Runs one `loopx` invocation and returns its exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const command = findCommand(argv);
  const wantsJson = argv.includes('--json');
  if (!command) {
    const answer = noCommandAnswer(argv, COMMANDS);
    (answer.code === 0 ? process.stdout : process.stderr).write(answer.text);
    return answer.code;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv.slice(command.path.length), options: { ...GLOBAL_OPTIONS, ...command.options }, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`loopx: ${error instanceof Error ? error.message : String(error)}\nusage: ${command.usage}\n`);
    return EXIT_USAGE;
  }
  if (parsed.values.help === true) {
    process.stdout.write(commandHelp(command));
    return 0;
  }
  if (parsed.positionals.length < (command.minPositionals ?? 0)) {
    process.stderr.write(`loopx: missing arguments.\nusage: ${command.usage}\n`);
    return EXIT_USAGE;
  }
  try {
    const config = loadConfig();
    const as = typeof parsed.values.as === 'string' ? parsed.values.as : undefined;
    const actor: Actor = as ? { kind: 'person', id: as } : { kind: 'system', id: 'cli' };
    const ctx: CliContext = {
      config,
      actor,
      origin: { actor, idempotencyKey: typeof parsed.values['idempotency-key'] === 'string' ? parsed.values['idempotency-key'] : null },
      positionals: parsed.positionals,
      flags: parsed.values,
      // Loaded on use: `--help` and usage errors never open the store or load the app.
      openApp: async () => (await import('../open-app.js')).openApp(config, { logger: createLogger(config.LOOPX_LOG_LEVEL, { format: config.LOOPX_LOG_FORMAT }) }),
      print: (line) => process.stdout.write(`${line}\n`),
    };
    const result = await command.run(ctx);
    if (!result.ok) return printError(result.error, wantsJson);
    const data = command.output.parse(result.value.data);
    // An empty text prints nothing (`loopx mcp`: stdout belonged to the protocol until it closed).
    if (wantsJson || result.value.text !== '') process.stdout.write(wantsJson ? `${JSON.stringify(data)}\n` : `${result.value.text}\n`);
    return result.value.exitCode ?? 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`loopx: ${error.message}\nusage: ${command.usage}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`loopx: ${error.message}\n`);
      return EXIT_CONFIG;
    }
    if (isKernelFailure(error)) return printError(error.error, wantsJson);
    const storage = storageFaultError(error);
    if (storage) return printError(storage, wantsJson);
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`loopx: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
