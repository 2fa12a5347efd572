import type { Locale } from '../../../cards/i18n/index.js';
import type { ChatSurface } from '../../kernel/vocabulary.js';
import { listBindings } from '../../store/bindings.js';
import { findPersonByIdentity } from '../../store/people.js';
import type { AppDeps } from '../deps.js';

/** A chat account: the surface and its stable id (Slack `TEAM:USER`, Lark `tenant:open_id`). */
export interface ChatIdentity {
  readonly surface: ChatSurface;
  readonly externalId: string;
}

/**
 * The language of an answer to a chat account: the person's; else the chat's it came from (its binding's); else the
 * one language every binding on that surface shares (the workspace's, for a Home tab or a DM); else English.
 */
export function readerLocale(deps: AppDeps, identity: ChatIdentity, destination: string | undefined): Locale {
  const person = findPersonByIdentity(deps.store, identity.surface, identity.externalId);
  if (person?.locale) return person.locale;
  const bindings = listBindings(deps.store).filter((b) => b.surface === identity.surface);
  const chat = bindings.find((b) => b.destination === destination);
  if (chat) return chat.locale;
  const shared = new Set(bindings.map((b) => b.locale));
  return shared.size === 1 ? [...shared][0]! : 'en';
}

/** The timezone of an answer to a chat account: the person's, else the digest timezone of the chat it came from, else UTC. */
export function readerTimezone(deps: AppDeps, identity: ChatIdentity, destination: string | undefined): string {
  const person = findPersonByIdentity(deps.store, identity.surface, identity.externalId);
  if (person?.timezone) return person.timezone;
  return listBindings(deps.store).find((b) => b.surface === identity.surface && b.destination === destination)?.digestTimezone ?? 'UTC';
}
