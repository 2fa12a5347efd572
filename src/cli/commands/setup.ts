import { existsSync } from 'node:fs';
import { DoctorOutput, InitOutput } from '../../contract/cli-output.js';
import { ERROR_TABLE } from '../../kernel/errors.js';
import { ok } from '../../kernel/result.js';
import type { BoundBase } from '../../../adapters/lark/base/doctor.js';
import { listLarkBases } from '../../store/base-rows.js';
import { listBindings } from '../../store/bindings.js';
import { openStore, type Store } from '../../store/db.js';
import { describeServers, serversSummary } from '../../app/serve/presence.js';
import { LedgerKeyError, openLedger, type LedgerKeyInfo } from '../../store/ledger-key.js';
import { probeWritable, type StorageFault } from '../../store/storage-probe.js';
import { pendingMigrations, runMigrations } from '../../store/migrate.js';
import { verifyChain } from '../../store/events.js';
import { ConfigError, suspiciousSecrets, type Config } from '../../config.js';
import { describePortHolder } from '../port-holder.js';
import { z } from 'zod';
import type { Command } from '../command.js';
import { output } from '../output.js';
import { demoOnStart } from './web.js';

interface Check {
  name: string;
  ok: boolean;
  detail: string;
  fix?: string;
}

/** Who serves this database now: how many `loopx serve` share it and which one sends (ok with none running). */
function serversCheck(store: Store, leaseMs: number): Check {
  const summary = serversSummary({ store }, new Date(), leaseMs);
  if (summary.servers.length === 0) return { name: 'servers', ok: true, detail: 'no `loopx serve` is running on this database' };
  return { name: 'servers', ok: true, detail: describeServers(summary) };
}

/** Whether the database takes a write now (a read-only file or mount, a full disk). */
function storageCheck(fault: StorageFault | null): Check {
  if (fault === null) return { name: 'storage', ok: true, detail: 'writable' };
  if (fault === 'storage_full') return { name: 'storage', ok: false, detail: 'the disk holding the database is full', fix: 'free space; a running server recovers by itself' };
  return { name: 'storage', ok: false, detail: 'the database cannot be written (read-only file, directory or mount)', fix: 'make the file and its directory writable by the user running LoopX' };
}

/** Credentials with a space or `#` in them: a pasted comment that makes every signature check fail. */
function secretsCheck(config: Config): Check {
  const bad = suspiciousSecrets(config);
  if (bad.length === 0) return { name: 'secrets', ok: true, detail: 'no credential holds spaces or #' };
  return {
    name: 'secrets',
    ok: false,
    detail: `${bad.join(', ')} ${bad.length === 1 ? 'holds' : 'hold'} spaces or # (a comment or note pasted into the value)`,
    fix: 'keep only the secret in the value and put # comments on their own line (systemd and docker environment files keep a trailing # comment in the value)',
  };
}

/** The ledger key (present, private) and the keyed chain; never creates a key (doctor only reads). */
function ledgerChecks(store: Store, envKey: string | undefined): Check[] {
  let key: LedgerKeyInfo;
  try {
    key = openLedger(store, envKey, { create: false });
  } catch (error) {
    return [{ name: 'ledger key', ok: false, detail: error instanceof LedgerKeyError ? error.message : String(error), fix: 'restore the key file from your key backup, or set LOOPX_LEDGER_KEY' }];
  }
  const where = key.source === 'env' ? 'LOOPX_LEDGER_KEY' : (key.path ?? 'memory');
  const keyCheck: Check =
    key.filePrivate === false
      ? { name: 'ledger key', ok: false, detail: `${where} is readable by other users`, fix: `chmod 600 ${where}` }
      : { name: 'ledger key', ok: true, detail: `${where}, chain keyed from seq ${key.keyedFrom}` };
  const chain = verifyChain(store);
  const chainCheck: Check = chain.ok
    ? { name: 'ledger', ok: true, detail: `${chain.checked} events, keyed hash chain intact; head ${chain.head.seq}:${chain.head.hash}` }
    : { name: 'ledger', ok: false, detail: `${chain.problems.length} problem(s)`, fix: 'run `loopx audit verify` and restore from a backup' };
  return [keyCheck, chainCheck];
}

/** A busy port, in words: which port, who holds it, and the setting that picks another. */
function portInUse(error: unknown, config: Config): ConfigError | null {
  if ((error as NodeJS.ErrnoException | null)?.code !== 'EADDRINUSE') return null;
  const port = config.LOOPX_PORT;
  return new ConfigError(`port ${port} on ${config.LOOPX_HOST} is in use, ${describePortHolder(port)}. Stop it, or set LOOPX_PORT to a free port (e.g. LOOPX_PORT=${port + 1} npm start, or in .env).`);
}

/** `loopx init`, `loopx doctor`, `loopx serve`. */
export const setupCommands: readonly Command[] = [
  {
    path: ['init'],
    summary: 'Create the database (if needed) and run migrations.',
    usage: 'loopx init',
    output: InitOutput,
    async run(ctx) {
      const store = openStore({ path: ctx.config.LOOPX_DB });
      try {
        const before = await pendingMigrations(store);
        const migrated = await runMigrations(store, { ledgerKey: ctx.config.LOOPX_LEDGER_KEY });
        if (migrated.error) throw migrated.error;
        return output(
          { ok: true, value: before },
          (applied) => ({ database: ctx.config.LOOPX_DB, migrations_applied: applied }),
          (applied) => `Database ready at ${ctx.config.LOOPX_DB} (${applied.length === 0 ? 'already up to date' : `applied ${applied.join(', ')}`}).`,
        );
      } finally {
        store.close();
      }
    },
  },
  {
    path: ['doctor'],
    summary: 'Check the database, migrations, ledger and configuration, and say what to fix.',
    usage: 'loopx doctor',
    output: DoctorOutput,
    async run(ctx) {
      const checks: Check[] = [{ name: 'config', ok: true, detail: `database ${ctx.config.LOOPX_DB}, server ${ctx.config.LOOPX_HOST}:${ctx.config.LOOPX_PORT}` }, secretsCheck(ctx.config)];
      const bound = { slack: [] as string[], lark: [] as string[] };
      const bases: BoundBase[] = [];
      if (ctx.config.LOOPX_DB !== ':memory:' && !existsSync(ctx.config.LOOPX_DB)) {
        checks.push({ name: 'database', ok: false, detail: `no database at ${ctx.config.LOOPX_DB}`, fix: 'run `loopx init` (or `npm start`, which creates it)' });
      } else {
        const store = openStore({ path: ctx.config.LOOPX_DB });
        try {
          const integrity = store.sqlite.pragma('quick_check', { simple: true });
          checks.push({ name: 'database', ok: integrity === 'ok', detail: `quick_check: ${String(integrity)}`, ...(integrity === 'ok' ? {} : { fix: 'restore the database from a backup' }) });
          const pending = await pendingMigrations(store);
          checks.push(pending.length === 0 ? { name: 'migrations', ok: true, detail: 'up to date' } : { name: 'migrations', ok: false, detail: `pending: ${pending.join(', ')}`, fix: 'run `loopx init`' });
          if (pending.length === 0) {
            checks.push(storageCheck(probeWritable(store, new Date().toISOString())));
            checks.push(...ledgerChecks(store, ctx.config.LOOPX_LEDGER_KEY));
            for (const binding of listBindings(store)) if (!bound[binding.surface].includes(binding.destination)) bound[binding.surface].push(binding.destination);
            for (const b of listLarkBases(store)) bases.push({ goalId: b.goal_id, appToken: b.app_token, tableId: b.table_id, name: b.name });
            checks.push(serversCheck(store, ctx.config.LOOPX_SENDER_LEASE_SECONDS * 1000));
          }
        } finally {
          store.close();
        }
      }
      const { chatDoctorChecks } = await import('../../compose.js');
      checks.push(...(await chatDoctorChecks(ctx.config, bound.slack, bound.lark, bases)));
      const allOk = checks.every((c) => c.ok);
      const text = checks.map((c) => `${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}${c.fix ? `\n     fix: ${c.fix}` : ''}`).join('\n');
      return ok({ data: { schema_version: 1 as const, ok: allOk, checks }, text, exitCode: allOk ? 0 : ERROR_TABLE.config_invalid.exit });
    },
  },
  {
    path: ['serve'],
    summary: 'Run the LoopX server: the agent API, chat surfaces and the web board.',
    usage: 'loopx serve',
    output: z.object({ schema_version: z.literal(1), url: z.string() }),
    async run(ctx) {
      ctx.print(`Opening the database ${ctx.config.LOOPX_DB} (created and migrated if needed)...`);
      const deps = await ctx.openApp();
      // The server, chat surfaces, web board and jobs load only for `serve`: every other command starts without them.
      const { serveApp } = await import('../../compose.js');
      const running = await serveApp(deps, ctx.config).catch((error: unknown) => {
        deps.store.close();
        throw portInUse(error, ctx.config) ?? error;
      });
      ctx.print(`LoopX listening on ${running.url} (database ${ctx.config.LOOPX_DB}; ${running.servers()})`);
      demoOnStart(ctx, deps, running.url);
      ctx.print(`Web board: ${running.url}/`);
      await new Promise<void>((resolve) => {
        const stop = () => void running.stop().then(resolve);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      deps.store.close();
      return ok({ data: { schema_version: 1 as const, url: running.url }, text: 'LoopX stopped.' });
    },
  },
];
