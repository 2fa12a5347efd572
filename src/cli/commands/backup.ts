import { resolve } from 'node:path';
import { backupDatabase, restoreDatabase } from '../../app/storage/backup.js';
import { BackupOutput, RestoreOutput } from '../../contract/cli-output.js';
import { positional, stringFlag, UsageError, type Command } from '../command.js';
import { output } from '../output.js';

const keyNote = (keyFile: string | null) =>
  keyFile ? `ledger key in ${keyFile} (mode 0600)` : 'no key file beside it: restore needs the ledger key (LOOPX_LEDGER_KEY, or --key <file> with your saved <db>.ledger-key)';

/** `loopx backup <file>`, `loopx restore <file>`. */
export const backupCommands: readonly Command[] = [
  {
    path: ['backup'],
    summary: 'Copy the database (safe while `loopx serve` runs), verify the copy, and keep its ledger key beside it.',
    usage: 'loopx backup <file> [--without-key]',
    minPositionals: 1,
    options: { 'without-key': { type: 'boolean' } },
    optionHelp: { 'without-key': 'do not copy the ledger key beside the backup (keep the key apart; it never changes)' },
    output: BackupOutput,
    async run(ctx) {
      const file = resolve(positional(ctx, 0, 'file'));
      const db = ctx.config.LOOPX_DB;
      if (db === ':memory:') throw new UsageError('LOOPX_DB is :memory:; there is no database file to back up.');
      if ([db, `${db}-wal`, `${db}-shm`, `${db}.ledger-key`].includes(file)) throw new UsageError(`${file} is the live database; back up to another file.`);
      return output(
        backupDatabase(db, file, { envKey: ctx.config.LOOPX_LEDGER_KEY, withKey: ctx.flags['without-key'] !== true }),
        (done) => ({ file: done.file, bytes: done.bytes, integrity: done.integrity, ledger_events: done.ledgerEvents, head: done.head, key_file: done.keyFile }),
        (done) =>
          `Backed up ${db} to ${done.file} (${Math.ceil(done.bytes / 1024)} KiB): integrity_check ok, ${done.ledgerEvents} ledger event(s) verified, head ${done.head.seq}:${done.head.hash.slice(0, 12)}; ${keyNote(done.keyFile)}.`,
      );
    },
  },
  {
    path: ['restore'],
    summary: 'Replace the database with a verified backup (refused while a server uses it); the old one is kept aside.',
    usage: 'loopx restore <file> [--key <key file>]',
    minPositionals: 1,
    options: { key: { type: 'string' } },
    optionHelp: { key: 'the ledger key file to restore with (default <file>.ledger-key; LOOPX_LEDGER_KEY wins)' },
    output: RestoreOutput,
    async run(ctx) {
      const db = ctx.config.LOOPX_DB;
      if (db === ':memory:') throw new UsageError('LOOPX_DB is :memory:; set it to the database file to restore.');
      const file = resolve(positional(ctx, 0, 'file'));
      if (file === db) throw new UsageError(`${file} is the database itself; name the backup file.`);
      const keyArg = stringFlag(ctx.flags, 'key');
      return output(
        restoreDatabase(db, file, { envKey: ctx.config.LOOPX_LEDGER_KEY, keyPath: keyArg === undefined ? null : resolve(keyArg), leaseMs: ctx.config.LOOPX_SENDER_LEASE_SECONDS * 1000, now: new Date() }),
        (done) => ({ database: done.database, from: done.from, previous: done.previous, integrity: done.integrity, ledger_events: done.ledgerEvents, head: done.head, key_file: done.keyFile }),
        (done) =>
          [
            `Restored ${done.database} from ${done.from}: integrity_check ok, ${done.ledgerEvents} ledger event(s) verified, head ${done.head.seq}:${done.head.hash.slice(0, 12)}; ${keyNote(done.keyFile)}.`,
            done.previous ? `The database it replaced is kept as ${done.previous} (delete it once you are happy).` : 'There was no database there before.',
            'Start the server again: npm start (or loopx serve).',
          ].join('\n'),
      );
    },
  },
];
