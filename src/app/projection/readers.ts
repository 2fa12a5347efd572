import { inChatLanguages } from '../../../cards/i18n/index.js';
import { dmUserOf } from '../../kernel/reach.js';
import type { ChatSurface } from '../../kernel/vocabulary.js';
import { listBindings, type Binding } from '../../store/bindings.js';
import type { Store } from '../../store/db.js';
import { findPersonByChatUser } from '../../store/people.js';
import type { CardSource, Reader, RenderedCard } from './sources.js';

/** A chat reads a binding's copy: the goal's timezone, the binding's language. */
export function chatReader(binding: Binding): Reader {
  return { timezone: null, locale: binding.locale, ...(binding.bilingual ? { bilingual: true } : {}) };
}

/** A source's card for a reader; a bilingual chat's card also carries itself in the other language. */
export function renderFor(source: CardSource, store: Store, key: string, now: Date, reader?: Reader): RenderedCard | null {
  const rendered = source.render(store, key, now, reader);
  if (!rendered || reader?.bilingual !== true) return rendered;
  return { ...rendered, card: inChatLanguages(rendered.card, true, (locale) => source.render(store, key, now, { timezone: reader.timezone, locale })?.card ?? null) };
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
