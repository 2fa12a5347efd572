import type { Store } from './db.js';

/** A login link or session as stored: who it is for and until when. */
export interface WebCredentialRow {
  readonly personId: string;
  readonly expiresAt: string;
}

/** Stores a new login link's hash. */
export function insertLoginToken(store: Store, tokenHash: string, personId: string, at: string, expiresAt: string): void {
  store.run(store.kysely.insertInto('web_login_tokens').values({ token_hash: tokenHash, person_id: personId, created_at: at, expires_at: expiresAt, used_at: null }));
}

/**
 * Marks a login link used, only if it is unused and unexpired (one conditional UPDATE, so two redemptions
 * of the same link cannot both win); returns the person it was for.
 */
export function consumeLoginToken(store: Store, tokenHash: string, at: string): string | null {
  const row = store.first(store.kysely.selectFrom('web_login_tokens').select(['person_id']).where('token_hash', '=', tokenHash).where('used_at', 'is', null).where('expires_at', '>', at));
  if (!row) return null;
  const changed = store.run(store.kysely.updateTable('web_login_tokens').set({ used_at: at }).where('token_hash', '=', tokenHash).where('used_at', 'is', null));
  return changed === 1 ? row.person_id : null;
}

/** Stores a new session's hash. */
export function insertSession(store: Store, sessionHash: string, personId: string, at: string, expiresAt: string): void {
  store.run(store.kysely.insertInto('web_sessions').values({ session_hash: sessionHash, person_id: personId, created_at: at, expires_at: expiresAt, ended_at: null }));
}

/** A live session (not ended, not expired at `at`), if any. */
export function findLiveSession(store: Store, sessionHash: string, at: string): WebCredentialRow | undefined {
  const row = store.first(
    store.kysely.selectFrom('web_sessions').select(['person_id', 'expires_at']).where('session_hash', '=', sessionHash).where('ended_at', 'is', null).where('expires_at', '>', at),
  );
  return row ? { personId: row.person_id, expiresAt: row.expires_at } : undefined;
}

/** Ends a session; returns the person it belonged to when it was live. */
export function endSession(store: Store, sessionHash: string, at: string): string | null {
  const live = findLiveSession(store, sessionHash, at);
  if (!live) return null;
  store.run(store.kysely.updateTable('web_sessions').set({ ended_at: at }).where('session_hash', '=', sessionHash));
  return live.personId;
}
