import type { Store } from './db.js';
import type { OutboxTable, ProjectionTable } from './tables.js';

/** A card render to send: who it goes to, what it shows, and how urgent it is (lower first). */
export interface OutboxEntry {
  readonly surface: string;
  readonly destination: string;
  readonly cardKey: string;
  /** The neutral card as JSON. */
  readonly card: string;
  readonly cardHash: string;
  /** The source revision the card shows (goal or gate revision; 0 when not applicable). */
  readonly revision: number;
  readonly priority: number;
  /** Card key of the message to reply under, if any. */
  readonly threadOf: string | null;
}

/** A queued row as the sender reads it. */
export type OutboxRow = OutboxTable;

/**
 * Queues a render, coalescing with any queued render of the same card: the newest card wins, the row keeps
 * its place in line (created_at) and takes the more urgent priority. `version` tells the sender a newer
 * render arrived while it was sending.
 */
export function upsertOutbox(store: Store, entry: OutboxEntry, at: string): void {
  store.run(
    store.kysely
      .insertInto('outbox')
      .values({
        surface: entry.surface,
        destination: entry.destination,
        card_key: entry.cardKey,
        card: entry.card,
        card_hash: entry.cardHash,
        revision: entry.revision,
        priority: entry.priority,
        thread_of: entry.threadOf,
        version: 1,
        attempts: 0,
        next_at: at,
        state: 'pending',
        last_error: null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.columns(['surface', 'destination', 'card_key']).doUpdateSet((eb) => ({
          card: eb.ref('excluded.card'),
          card_hash: eb.ref('excluded.card_hash'),
          revision: eb.ref('excluded.revision'),
          priority: eb.fn('min', [eb.ref('outbox.priority'), eb.ref('excluded.priority')]),
          thread_of: eb.ref('excluded.thread_of'),
          version: eb('outbox.version', '+', 1),
          // A dead row comes back to life with a fresh render; a pending one keeps its backoff and place.
          attempts: eb.case().when('outbox.state', '=', 'dead').then(0).else(eb.ref('outbox.attempts')).end(),
          created_at: eb.case().when('outbox.state', '=', 'dead').then(at).else(eb.ref('outbox.created_at')).end(),
          state: 'pending',
          updated_at: at,
        })),
      ),
  );
}

/** Destinations with pending rows on a surface, most urgent first. */
export function pendingDestinations(store: Store, surface: string): string[] {
  // Most urgent head row first: when a surface's budget is short, a gate decision takes the next token before
  // progress, and among equals the card that has waited longest goes first.
  return store
    .all(
      store.kysely
        .selectFrom('outbox')
        .select('destination')
        .where('state', '=', 'pending')
        .where('surface', '=', surface)
        .groupBy('destination')
        .orderBy((eb) => eb.fn.min('priority'))
        .orderBy((eb) => eb.fn.min('created_at')),
    )
    .map((r) => r.destination);
}

/** One destination's pending rows (one per card), in priority then arrival order, due or not. */
export function pendingOutboxRows(store: Store, surface: string, destination: string): OutboxRow[] {
  return store.all(
    store.kysely
      .selectFrom('outbox')
      .selectAll()
      .where('state', '=', 'pending')
      .where('surface', '=', surface)
      .where('destination', '=', destination)
      .orderBy('priority')
      .orderBy('created_at')
      .orderBy('card_key'),
  );
}

/** The earliest time any pending row on a surface becomes due, if any. */
export function earliestDue(store: Store, surface: string): string | undefined {
  const row = store.first(store.kysely.selectFrom('outbox').select((eb) => eb.fn.min('next_at').as('next')).where('state', '=', 'pending').where('surface', '=', surface));
  return row?.next ?? undefined;
}

/** A queued row of one card, if any. */
export function findOutboxRow(store: Store, surface: string, destination: string, cardKey: string): OutboxRow | undefined {
  return store.first(store.kysely.selectFrom('outbox').selectAll().where('surface', '=', surface).where('destination', '=', destination).where('card_key', '=', cardKey));
}

/** Removes a sent row, unless a newer render replaced it meanwhile (then that one is sent next). */
export function completeOutboxRow(store: Store, row: Pick<OutboxRow, 'surface' | 'destination' | 'card_key' | 'version'>): void {
  store.run(
    store.kysely
      .deleteFrom('outbox')
      .where('surface', '=', row.surface)
      .where('destination', '=', row.destination)
      .where('card_key', '=', row.card_key)
      .where('version', '=', row.version),
  );
}

/** Reschedules a row after a failure or a rate limit (releasing its claim); `dead` parks it until a fresh render arrives. */
export function rescheduleOutboxRow(store: Store, row: Pick<OutboxRow, 'surface' | 'destination' | 'card_key'>, change: { nextAt: string; attempts: number; error: string; dead: boolean }, at: string): void {
  store.run(
    store.kysely
      .updateTable('outbox')
      .set({ next_at: change.nextAt, attempts: change.attempts, last_error: change.error, state: change.dead ? 'dead' : 'pending', updated_at: at, claimed_by: null, claimed_until: null })
      .where('surface', '=', row.surface)
      .where('destination', '=', row.destination)
      .where('card_key', '=', row.card_key),
  );
}

/**
 * Claims a pending row for one sender until `until` with a conditional write: it succeeds when the row is
 * unclaimed, already `owner`'s, or its claim lapsed (a crashed sender). Answers whether `owner` may send it.
 */
export function claimOutboxRow(store: Store, row: Pick<OutboxRow, 'surface' | 'destination' | 'card_key'>, owner: string, at: string, until: string): boolean {
  return (
    store.run(
      store.kysely
        .updateTable('outbox')
        .set({ claimed_by: owner, claimed_until: until })
        .where((eb) => eb.and({ surface: row.surface, destination: row.destination, card_key: row.card_key, state: 'pending' }))
        .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '=', owner), eb('claimed_until', '<=', at)])),
    ) === 1
  );
}

/** Lets go of `owner`'s claim on a row (after its call was settled; a newer render may have kept the row). */
export function releaseOutboxClaim(store: Store, row: Pick<OutboxRow, 'surface' | 'destination' | 'card_key'>, owner: string): void {
  store.run(
    store.kysely
      .updateTable('outbox')
      .set({ claimed_by: null, claimed_until: null })
      .where((eb) => eb.and({ surface: row.surface, destination: row.destination, card_key: row.card_key, claimed_by: owner })),
  );
}

/** Lets go of every claim a sender holds (it is known to be dead): its rows may be sent at once. */
export function releaseClaimsOf(store: Store, owner: string): void {
  store.run(store.kysely.updateTable('outbox').set({ claimed_by: null, claimed_until: null }).where('claimed_by', '=', owner));
}

/** Records, before the call, that a post of this card is going out (the first such time is kept). */
export function markPostStarted(store: Store, row: Pick<OutboxRow, 'surface' | 'destination' | 'card_key'>, at: string): void {
  store.run(
    store.kysely
      .updateTable('outbox')
      .set((eb) => ({ post_started_at: eb.fn.coalesce('post_started_at', eb.val(at)) }))
      .where('surface', '=', row.surface)
      .where('destination', '=', row.destination)
      .where('card_key', '=', row.card_key),
  );
}

/** Holds every pending row of a surface until `nextAt` (a surface-wide rate limit). */
export function holdSurface(store: Store, surface: string, nextAt: string): void {
  store.run(store.kysely.updateTable('outbox').set({ next_at: nextAt }).where('surface', '=', surface).where('state', '=', 'pending').where('next_at', '<', nextAt));
}

/** Counts of queued rows by state (health and doctor). */
export function outboxCounts(store: Store): { pending: number; dead: number } {
  const rows = store.all(store.kysely.selectFrom('outbox').select(['state', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('state'));
  return { pending: rows.find((r) => r.state === 'pending')?.n ?? 0, dead: rows.find((r) => r.state === 'dead')?.n ?? 0 };
}

/** A posted card. */
export type ProjectionRow = ProjectionTable;

/** Where a card was posted on a destination, if it was. */
export function findProjection(store: Store, surface: string, destination: string, cardKey: string): ProjectionRow | undefined {
  return store.first(store.kysely.selectFrom('projections').selectAll().where('surface', '=', surface).where('destination', '=', destination).where('card_key', '=', cardKey));
}

/** Records (or refreshes) a posted card's message reference and rendered hash. */
export function recordProjection(store: Store, row: ProjectionRow): void {
  store.run(
    store.kysely
      .insertInto('projections')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['surface', 'destination', 'card_key']).doUpdateSet({ message_id: row.message_id, rendered_hash: row.rendered_hash, revision_shown: row.revision_shown, sent_at: row.sent_at, posted_at: row.posted_at }),
      ),
  );
}

/** Every posted copy of a card, on every destination (the click path converges them all). */
export function projectionsOfCard(store: Store, cardKey: string): ProjectionRow[] {
  return store.all(store.kysely.selectFrom('projections').selectAll().where('card_key', '=', cardKey));
}

/** The card a platform message shows, if it is one of ours. */
export function projectionByMessage(store: Store, surface: string, destination: string, messageId: string): ProjectionRow | undefined {
  return store.first(store.kysely.selectFrom('projections').selectAll().where('surface', '=', surface).where('destination', '=', destination).where('message_id', '=', messageId));
}

/** The projector's ledger position. */
export function readCursor(store: Store, name: string): number {
  return store.first(store.kysely.selectFrom('projector_cursor').select('last_seq').where('name', '=', name))?.last_seq ?? 0;
}

/** Moves the projector's ledger position forward. */
export function writeCursor(store: Store, name: string, lastSeq: number): void {
  store.run(
    store.kysely
      .insertInto('projector_cursor')
      .values({ name, last_seq: lastSeq })
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_seq: lastSeq })),
  );
}

/** Records an inbound delivery; false when the same key was already seen (a retry or a duplicate). */
export function rememberInbound(store: Store, surface: string, key: string, at: string): boolean {
  return store.run(store.kysely.insertInto('inbound_dedupe').values({ surface, key, received_at: at }).onConflict((oc) => oc.doNothing())) > 0;
}

/** Card keys with a posted copy anywhere, by key prefix (`gate:`). */
export function listProjectedKeys(store: Store, prefix: string): string[] {
  return store.all(store.kysely.selectFrom('projections').select('card_key').distinct().where('card_key', 'like', `${prefix}%`)).map((r) => r.card_key);
}

/** Every destination under `prefix` (direct messages: `dm:`) that shows or has queued a copy of a card. */
export function copiesOfCardUnder(store: Store, cardKey: string, prefix: string): { surface: string; destination: string }[] {
  const shown = store.all(store.kysely.selectFrom('projections').select(['surface', 'destination']).where('card_key', '=', cardKey).where('destination', 'like', `${prefix}%`));
  const queued = store.all(store.kysely.selectFrom('outbox').select(['surface', 'destination']).where('card_key', '=', cardKey).where('destination', 'like', `${prefix}%`));
  const seen = new Map([...shown, ...queued].map((c) => [`${c.surface}\u0000${c.destination}`, c]));
  return [...seen.values()];
}
