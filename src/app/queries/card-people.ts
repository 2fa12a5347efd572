import type { CardPerson } from '../../../cards/model.js';
import { effectiveVia, mayReachNow, type UrgentFacts } from '../../kernel/reach.js';
import type { Store } from '../../store/db.js';
import { findPerson } from '../../store/people.js';
import { chatUserOf } from '../gates/direct.js';


/** When a card is drawn for chat: its time and gate, so quiet hours and "reach me nowhere" hold back mentions. */
export interface MentionMoment {
  readonly now: Date;
  readonly gate?: UrgentFacts;
}

/**
 * People as cards name them: their name and the chat accounts they linked, so each surface can @mention them
 * (or name them with a hint to link them). Someone not on file is named by their handle. Given the moment, a
 * person who chose to be reached nowhere, or who is in their quiet hours (unless the gate is urgent), is named
 * without a mention.
 */
export function cardPeople(store: Store, personIds: readonly string[], moment?: MentionMoment): CardPerson[] {
  return personIds.map((id) => {
    const person = findPerson(store, id);
    if (!person) return { id, name: id };
    if (moment && (effectiveVia(person) === 'none' || !mayReachNow(person, moment.now, moment.gate))) return { id, name: person.name, quiet: true };
    const slack = person.identities.find((i) => i.surface === 'slack');
    const lark = person.identities.find((i) => i.surface === 'lark');
    return { id, name: person.name, ...(slack ? { slackUser: chatUserOf(slack.externalId) } : {}), ...(lark ? { larkOpenId: chatUserOf(lark.externalId) } : {}) };
  });
}
