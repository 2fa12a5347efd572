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
import { translator, type Translator } from '../../../cards/i18n/index.js';
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
function serversCheck(store: Store, leaseMs: number, tr: Translator): Check {
  const summary = serversSummary({ store }, new Date(), leaseMs);
  const name = tr.t('doctor.name.servers');
  if (summary.servers.length === 0) return { name, ok: true, detail: tr.t('doctor.servers.none') };
  return { name, ok: true, detail: describeServers(summary, undefined, tr) };
}

/** Whether the database takes a write now (a read-only file or mount, a full disk). */
function storageCheck(fault: StorageFault | null, tr: Translator): Check {
  const name = tr.t('doctor.name.storage');
  if (fault === null) return { name, ok: true, detail: tr.t('doctor.storage.ok') };
  if (fault === 'storage_full') return { name, ok: false, detail: tr.t('doctor.storage.full'), fix: tr.t('doctor.storage.fullFix') };
  return { name, ok: false, detail: tr.t('doctor.storage.readOnly'), fix: tr.t('doctor.storage.readOnlyFix') };
}

/** Credentials with a space or `#` in them: a pasted comment that makes every signature check fail. */
function secretsCheck(config: Config, tr: Translator): Check {
  const bad = suspiciousSecrets(config);
  const name = tr.t('doctor.name.secrets');
  if (bad.length === 0) return { name, ok: true, detail: tr.t('doctor.secrets.ok') };
  return { name, ok: false, detail: tr.t('doctor.secrets.bad', { names: bad.join(', '), count: bad.length }), fix: tr.t('doctor.secrets.fix') };
}

/** The ledger key (present, private) and the keyed chain; never creates a key (doctor only reads). */
function ledgerChecks(store: Store, envKey: string | undefined, tr: Translator): Check[] {
  const name = tr.t('doctor.name.ledgerKey');
  let key: LedgerKeyInfo;
  try {
    key = openLedger(store, envKey, { create: false });
  } catch (error) {
    return [{ name, ok: false, detail: error instanceof LedgerKeyError ? error.message : String(error), fix: tr.t('doctor.ledgerKey.fix') }];
  }
  const where = key.source === 'env' ? 'LOOPX_LEDGER_KEY' : (key.path ?? 'memory');
  const keyCheck: Check =
    key.filePrivate === false
      ? { name, ok: false, detail: tr.t('doctor.ledgerKey.open', { where }), fix: tr.t('doctor.ledgerKey.openFix', { where }) }
      : { name, ok: true, detail: tr.t('doctor.ledgerKey.ok', { where, seq: key.keyedFrom }) };
  const chain = verifyChain(store);
  const ledger = tr.t('doctor.name.ledger');
  const chainCheck: Check = chain.ok
    ? { name: ledger, ok: true, detail: tr.t('doctor.ledger.ok', { count: chain.checked, head: `${chain.head.seq}:${chain.head.hash}` }) }
    : { name: ledger, ok: false, detail: tr.t('doctor.ledger.bad', { count: chain.problems.length }), fix: tr.t('doctor.ledger.fix') };
  return [keyCheck, chainCheck];
}

/** What the chat checks need from the database: the bound Slack channels, Lark chats and Bases. */
interface Bound {
  readonly slack: string[];
  readonly lark: string[];
}

/** The database, its migrations, storage, ledger and servers; and what is bound to chat, for the chat checks. */
async function databaseChecks(config: Config, tr: Translator): Promise<{ checks: Check[]; bound: Bound; bases: BoundBase[] }> {
  const checks: Check[] = [];
  const bound: Bound = { slack: [], lark: [] };
  const bases: BoundBase[] = [];
  if (config.LOOPX_DB !== ':memory:' && !existsSync(config.LOOPX_DB)) {
    checks.push({ name: tr.t('doctor.name.database'), ok: false, detail: tr.t('doctor.database.missing', { db: config.LOOPX_DB }), fix: tr.t('doctor.database.missingFix') });
  } else {
    const store = openStore({ path: config.LOOPX_DB });
    try {
      const integrity = store.sqlite.pragma('quick_check', { simple: true });
      checks.push({ name: tr.t('doctor.name.database'), ok: integrity === 'ok', detail: tr.t('doctor.database.check', { result: String(integrity) }), ...(integrity === 'ok' ? {} : { fix: tr.t('doctor.database.restore') }) });
      const pending = await pendingMigrations(store);
      const migrations = tr.t('doctor.name.migrations');
      checks.push(pending.length === 0 ? { name: migrations, ok: true, detail: tr.t('doctor.migrations.ok') } : { name: migrations, ok: false, detail: tr.t('doctor.migrations.pending', { names: pending.join(', ') }), fix: tr.t('doctor.migrations.fix') });
      if (pending.length === 0) {
        checks.push(storageCheck(probeWritable(store, new Date().toISOString()), tr));
        checks.push(...ledgerChecks(store, config.LOOPX_LEDGER_KEY, tr));
        for (const binding of listBindings(store)) if (!bound[binding.surface].includes(binding.destination)) bound[binding.surface].push(binding.destination);
        for (const b of listLarkBases(store)) bases.push({ goalId: b.goal_id, appToken: b.app_token, tableId: b.table_id, name: b.name, locale: b.locale });
        checks.push(serversCheck(store, config.LOOPX_SENDER_LEASE_SECONDS * 1000, tr));
      }
    } finally {
      store.close();
    }
  }
  return { checks, bound, bases };
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
      // The operator's language for the text; --json stays English (wire).
      const tr = translator(ctx.flags['json'] === true ? 'en' : ctx.config.LOOPX_LOCALE);
      const { config } = ctx;
      const checks: Check[] = [{ name: tr.t('doctor.name.config'), ok: true, detail: tr.t('doctor.config', { db: config.LOOPX_DB, host: config.LOOPX_HOST, port: config.LOOPX_PORT }) }, secretsCheck(config, tr)];
      const { checks: stored, bound, bases } = await databaseChecks(config, tr);
      checks.push(...stored);
      const { chatDoctorChecks } = await import('../../compose.js');
      checks.push(...(await chatDoctorChecks(config, bound.slack, bound.lark, bases, tr)));
      const allOk = checks.every((c) => c.ok);
      const text = checks.flatMap((c) => [tr.t('doctor.line', { mark: tr.t(c.ok ? 'doctor.ok' : 'doctor.fail'), name: c.name, detail: c.detail }), ...(c.fix ? [tr.t('doctor.fixLine', { fix: c.fix })] : [])]).join('\n');
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
