import { dmUserOf } from '../../kernel/reach.js';
import type { ChatSurface } from '../../kernel/vocabulary.js';
import { listBindings, type Binding } from '../../store/bindings.js';
import type { Store } from '../../store/db.js';
import { findPersonByChatUser } from '../../store/people.js';
import type { Reader } from './sources.js';

/** A chat reads a binding's copy: the goal's timezone, the binding's language. */
export function chatReader(binding: Binding): Reader {
  return { timezone: null, locale: binding.locale };
}

/**
 * Who reads the copy of a card at a destination: a direct message's person (their timezone and language), else
 * the bound chat's language; nobody known reads the shared English render.
 */
export function readerOfCopy(store: Store, surface: ChatSurface, destination: string): Reader | undefined {
  const dmUser = dmUserOf(destination);
  if (dmUser !== null) {
    const person = findPersonByChatUser(store, surface, dmUser);
    return person ? { timezone: person.timezone, locale: person.locale } : undefined;
  }
  const binding = listBindings(store).find((b) => b.surface === surface && b.destination === destination);
  return binding ? chatReader(binding) : undefined;
}
