import type { KernelError } from '../kernel/errors.js';
import { ok, type Result } from '../kernel/result.js';
import { CLI_SCHEMA_VERSION } from '../contract/cli-output.js';
import type { CommandOutput } from './command.js';

/** Maps a use-case result to a command output: versioned JSON data and a human line. */
export function output<T, D extends object>(result: Result<T, KernelError>, toData: (value: T) => D, toText: (value: T) => string): Result<CommandOutput<D & { schema_version: 1 }>, KernelError> {
  if (!result.ok) return result;
  return ok({ data: { schema_version: CLI_SCHEMA_VERSION, ...toData(result.value) }, text: toText(result.value) });
}

/** Renders rows as aligned columns. */
export function table(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ')).join('\n');
}
