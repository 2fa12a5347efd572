// The invariants checked after every kill -9, on the database file while the server is down.
import Database from 'better-sqlite3';
import { openStore } from '../../dist/src/store/db.js';
import { verifyChain } from '../../dist/src/store/events.js';
import { openLedger } from '../../dist/src/store/ledger-key.js';

function eventIdCounts(db) {
  const counts = new Map();
  for (const row of db.prepare("SELECT json_extract(data, '$.event_id') AS event_id, count(*) AS n FROM evidence GROUP BY 1").iterate()) {
    counts.set(row.event_id, row.n);
  }
  return counts;
}

/**
 * Every acknowledged event is present exactly once, no row was never sent, no row is duplicated,
 * `integrity_check` is ok and the ledger's hash chain verifies. Returns counts and the problems found.
 */
export function checkDatabase(path, acked, sent) {
  const problems = [];
  const probe = new Database(path, { readonly: false });
  const integrity = probe.pragma('integrity_check', { simple: true });
  if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`);
  const counts = eventIdCounts(probe);
  probe.close();
  let lost = 0;
  let duplicated = 0;
  let ghosts = 0;
  let rows = 0;
  for (const id of acked) if ((counts.get(id) ?? 0) !== 1) lost += counts.get(id) ? 0 : 1;
  for (const [id, n] of counts) {
    rows += n;
    if (n > 1) duplicated += n - 1;
    if (!sent.has(id)) ghosts += 1;
  }
  if (lost > 0) problems.push(`${lost} acknowledged events are missing`);
  if (duplicated > 0) problems.push(`${duplicated} duplicate evidence rows`);
  if (ghosts > 0) problems.push(`${ghosts} rows for events no client sent`);
  const store = openStore({ path });
  // The keyed rows verify only with the ledger key (the <db>.ledger-key file the server made).
  openLedger(store, process.env.LOOPX_LEDGER_KEY, { create: false });
  const chain = verifyChain(store);
  store.close();
  if (!chain.ok) problems.push(`ledger chain: ${chain.problems.slice(0, 3).map((p) => `seq ${p.seq} ${p.problem}`).join('; ')}`);
  return { rows, lost, duplicated, ghosts, integrity, chain: chain.ok ? `ok (${chain.checked} events)` : 'BROKEN', problems };
}
