import { fail, type KernelError } from '../kernel/errors.js';
import { isValidTimezone } from '../kernel/goal.js';
import { isLocale, localeRefused } from '../kernel/locale.js';
import { ok, type Result } from '../kernel/result.js';
import type { ChatSurface } from '../kernel/vocabulary.js';
import type { Person } from '../kernel/entities.js';
import { dmSurface, NOTIFY_VIA, parseQuietHours, type NotifyVia } from '../kernel/reach.js';
import { findPerson, insertPerson, linkIdentity, updateReach } from '../store/people.js';
import type { AppDeps } from './deps.js';
import { requirePerson } from './lookup.js';
import { must, runWrite, type WriteOrigin } from './write.js';

/** Adds a person. */
export function addPerson(deps: AppDeps, origin: WriteOrigin, input: { id: string; name: string; timezone?: string | undefined; locale?: string | undefined }): Result<Person, KernelError> {
  return runWrite(deps, { ...origin, command: 'person.add', request: input }, (ctx) => {
    if (findPerson(ctx.store, input.id)) return fail('already_exists', `Person "${input.id}" already exists.`);
    if (input.timezone !== undefined && !isValidTimezone(input.timezone)) return fail('invalid_request', `Unknown timezone "${input.timezone}".`);
    if (input.locale !== undefined && !isLocale(input.locale)) return localeRefused(input.locale);
    insertPerson(ctx.store, { id: input.id, name: input.name, timezone: input.timezone ?? null, locale: input.locale ?? null }, ctx.at);
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

/** How a person wants to be reached: any of where (`via`), quiet hours (`22:00-08:00` or `off`) and timezone. */
export interface ReachInput {
  readonly via?: string | undefined;
  readonly quiet?: string | undefined;
  readonly timezone?: string | undefined;
}

/**
 * Sets where and when a person is reached. A direct message needs a linked account on that surface, and quiet
 * hours need a timezone (theirs, or one given here); nothing changes when any part is wrong.
 */
export function setReach(deps: AppDeps, origin: WriteOrigin, personId: string, input: ReachInput): Result<Person, KernelError> {
  return runWrite(deps, { ...origin, command: 'person.notify', request: { personId, ...input } }, (ctx) => {
    const person = must(requirePerson(ctx.store, personId));
    const via = input.via === undefined ? undefined : NOTIFY_VIA.find((v) => v === input.via);
    if (input.via !== undefined && via === undefined) return fail('invalid_request', `--via is one of ${NOTIFY_VIA.join(', ')}; got "${input.via}".`, { field: 'via' });
    const surface = via ? dmSurface(via) : null;
    if (surface && !person.identities.some((i) => i.surface === surface)) {
      return fail('invalid_request', `${person.name} has no linked ${surface} account to send direct messages to; link one first (loopx person link ${person.id} --${surface} …).`, { field: 'via' });
    }
    if (input.timezone !== undefined && !isValidTimezone(input.timezone)) return fail('invalid_request', `Unknown timezone "${input.timezone}".`, { field: 'timezone' });
    const quiet = input.quiet === undefined ? undefined : must(parseQuietHours(input.quiet));
    if (quiet && (input.timezone ?? person.timezone) === null) return fail('invalid_request', `Quiet hours are kept in ${person.name}'s own timezone; give one with --timezone (e.g. Asia/Shanghai).`, { field: 'timezone' });
    const fields: { notify_via?: NotifyVia; quiet_hours?: string | null; timezone?: string } = {
      ...(via ? { notify_via: via } : {}),
      ...(input.quiet !== undefined ? { quiet_hours: quiet ? input.quiet.trim() : null } : {}),
      ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
    };
    updateReach(ctx.store, personId, fields, ctx.at);
    ctx.event({ goalId: null, type: 'person.reach_set', payload: { person_id: personId, ...fields } });
    return ok(must(requirePerson(ctx.store, personId)));
  });
}


/** Sets the language a person reads: their direct messages, toasts and replies (shared cards follow the chat's). */
export function setPersonLocale(deps: AppDeps, origin: WriteOrigin, personId: string, locale: string): Result<Person, KernelError> {
  return runWrite(deps, { ...origin, command: 'person.update', request: { personId, locale } }, (ctx) => {
    must(requirePerson(ctx.store, personId));
    if (!isLocale(locale)) return localeRefused(locale);
    updateReach(ctx.store, personId, { locale }, ctx.at);
    ctx.event({ goalId: null, type: 'person.locale_set', payload: { person_id: personId, locale } });
    return ok(must(requirePerson(ctx.store, personId)));
  });
}
