import type { ParseArgsConfig } from 'node:util';
import type { z } from 'zod';
import type { Actor } from '../app/actor.js';
import type { AppDeps } from '../app/deps.js';
import type { WriteOrigin } from '../app/write.js';
import type { Config } from '../config.js';
import type { KernelError } from '../kernel/errors.js';
import { Slug } from '../kernel/ids.js';
import type { Result } from '../kernel/result.js';

/** Parsed flag values. */
export type Flags = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** What a command's `run` gets. */
export interface CliContext {
  readonly config: Config;
  /** Opens the database (migrating it if needed); only commands that need it call this. */
  openApp(): Promise<AppDeps>;
  /** The actor for writes: `--as <person>` or the CLI operator. */
  readonly actor: Actor;
  /** The actor plus `--idempotency-key`, ready to pass to a use case. */
  readonly origin: WriteOrigin;
  readonly positionals: readonly string[];
  readonly flags: Flags;
  /** Writes a line to stdout (long-running commands such as `serve`). */
  print(line: string): void;
}

/** What a command answers: JSON (checked against its schema) and the human-readable text. */
export interface CommandOutput<T> {
  readonly data: T;
  readonly text: string;
  /** Non-zero when the command ran but found a problem (e.g. `doctor`). */
  readonly exitCode?: number;
}

/** One `loopx` command. */
export interface Command<S extends z.ZodType = z.ZodType> {
  /** Words after `loopx`, e.g. `['goal', 'add']`. */
  readonly path: readonly string[];
  readonly summary: string;
  /** The usage line, e.g. `loopx goal add <id> --title <t> --objective <o> [--owner <person>]...`. */
  readonly usage: string;
  /** Minimum number of positional arguments. */
  readonly minPositionals?: number;
  readonly options?: ParseArgsConfig['options'];
  /** Help text for each option. */
  readonly optionHelp?: Readonly<Record<string, string>>;
  /** The versioned `--json` shape. */
  readonly output: S;
  run(ctx: CliContext): Promise<Result<CommandOutput<z.infer<S>>, KernelError>>;
}

/** A usage problem: wrong flags or arguments (exit 2). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Reads a string flag. */
export function stringFlag(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  return typeof value === 'string' ? value : undefined;
}

/** Reads a repeatable string flag. */
export function listFlag(flags: Flags, name: string): string[] {
  const value = flags[name];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
}

/** Reads a required string flag, or fails with a usage error naming it. */
export function requiredFlag(flags: Flags, name: string): string {
  const value = stringFlag(flags, name);
  if (value === undefined || value === '') throw new UsageError(`--${name} is required.`);
  return value;
}

/** Reads an integer flag. */
export function intFlag(flags: Flags, name: string): number | undefined {
  const value = stringFlag(flags, name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new UsageError(`--${name} must be a whole number, got "${value}".`);
  return parsed;
}

/** Reads a positional argument by index. */
export function positional(ctx: CliContext, index: number, name: string): string {
  const value = ctx.positionals[index];
  if (value === undefined) throw new UsageError(`Missing <${name}>.`);
  return value;
}

/** Checks a user-chosen id (goal, person, agent) against the slug rules. */
export function slugArg(value: string, what: string): string {
  const parsed = Slug.safeParse(value);
  if (!parsed.success) throw new UsageError(`Invalid ${what} "${value}": ${parsed.error.issues[0]?.message ?? 'bad id'}.`);
  return parsed.data;
}

/** A command's one mode given as its flag (`--preview blog`) or, since it is the only mode, as the first argument (`blog`). */
export function flagOrPositional(ctx: CliContext, flag: string, name: string): string {
  const value = stringFlag(ctx.flags, flag) ?? ctx.positionals[0];
  if (value === undefined || value === '') throw new UsageError(`Missing <${name}>.`);
  return value;
}
