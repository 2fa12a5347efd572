import type { CardPerson } from '../../../cards/model.js';
import type { Store } from '../../store/db.js';
import { findPerson } from '../../store/people.js';

/** The chat user part of a linked identity (`TEAM:USER` → USER, `TENANT:ou_…` → ou_…). */
function userPart(externalId: string): string {
  return externalId.slice(externalId.lastIndexOf(':') + 1);
}

/**
 * People as cards name them: their name and the chat accounts they linked, so each surface can @mention them
 * (or name them with a hint to link them). Someone not on file is named by their handle.
 */
export function cardPeople(store: Store, personIds: readonly string[]): CardPerson[] {
  return personIds.map((id) => {
    const person = findPerson(store, id);
    if (!person) return { id, name: id };
    const slack = person.identities.find((i) => i.surface === 'slack');
    const lark = person.identities.find((i) => i.surface === 'lark');
    return { id, name: person.name, ...(slack ? { slackUser: userPart(slack.externalId) } : {}), ...(lark ? { larkOpenId: userPart(lark.externalId) } : {}) };
  });
}
