import { fail, type KernelError } from '../kernel/errors.js';
import { isValidTimezone } from '../kernel/goal.js';
import { ok, type Result } from '../kernel/result.js';
import type { ChatSurface } from '../kernel/vocabulary.js';
import type { Person } from '../kernel/entities.js';
import { findPerson, insertPerson, linkIdentity } from '../store/people.js';
import type { AppDeps } from './deps.js';
import { requirePerson } from './lookup.js';
import { must, runWrite, type WriteOrigin } from './write.js';

/** Adds a person. */
export function addPerson(deps: AppDeps, origin: WriteOrigin, input: { id: string; name: string; timezone?: string | undefined }): Result<Person, KernelError> {
  return runWrite(deps, { ...origin, command: 'person.add', request: input }, (ctx) => {
    if (findPerson(ctx.store, input.id)) return fail('already_exists', `Person "${input.id}" already exists.`);
    if (input.timezone !== undefined && !isValidTimezone(input.timezone)) return fail('invalid_request', `Unknown timezone "${input.timezone}".`);
    insertPerson(ctx.store, { id: input.id, name: input.name, timezone: input.timezone ?? null }, ctx.at);
    ctx.event({ goalId: null, type: 'person.added', payload: { person_id: input.id, name: input.name } });
    return ok(must(requirePerson(ctx.store, input.id)));
  });
}

/** Formats of linked identities: Slack `TEAM:USER`, Lark `TENANT:OPEN_ID`. */
const IDENTITY_FORMAT: Readonly<Record<ChatSurface, RegExp>> = {
  slack: /^[A-Z0-9]+:[A-Z0-9]+$/,
  lark: /^[A-Za-z0-9_-]+:ou_[A-Za-z0-9]+$/,
};

/** Links a Slack or Lark identity to a person; authority follows the person, never a display name. */
export function linkPerson(deps: AppDeps, origin: WriteOrigin, personId: string, surface: ChatSurface, externalId: string): Result<Person, KernelError> {
  return runWrite(deps, { ...origin, command: 'person.link', request: { personId, surface, externalId } }, (ctx) => {
    must(requirePerson(ctx.store, personId));
    if (!IDENTITY_FORMAT[surface].test(externalId)) {
      const example = surface === 'slack' ? 'T012AB3C4:U012AB3C4' : 'tenant_key:ou_7d8a6e6df7621556ce0d21922b676706';
      return fail('invalid_request', `A ${surface} identity looks like ${example}; got "${externalId}".`);
    }
    linkIdentity(ctx.store, personId, surface, externalId, ctx.at);
    ctx.event({ goalId: null, type: 'person.linked', payload: { person_id: personId, surface, external_id: externalId } });
    return ok(must(requirePerson(ctx.store, personId)));
  });
}
