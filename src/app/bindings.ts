import { fail, type KernelError } from '../kernel/errors.js';
import { isLocale, localeRefused } from '../kernel/locale.js';
import { ok, type Result } from '../kernel/result.js';
import { BINDING_PURPOSES, type BindingPurpose, type ChatSurface } from '../kernel/vocabulary.js';
import { listBindings, upsertBinding, type Binding } from '../store/bindings.js';
import type { AppDeps } from './deps.js';
import { requireGoal } from './lookup.js';
import { must, runWrite, type WriteOrigin } from './write.js';

/** What `goal bind` asks for. */
export interface BindInput {
  readonly goalId: string;
  readonly surface: ChatSurface;
  readonly destination: string;
  readonly workspace?: string | null;
  /** Defaults to every purpose: board, gates and digest. */
  readonly purposes?: readonly BindingPurpose[];
  /** `HH:MM` local time of the daily digest (default 09:00). */
  readonly digestAt?: string;
  /** Timezone of the digest (default: the goal's). */
  readonly digestTimezone?: string;
  /** The language of the cards this chat reads (`en`, `zh-CN`); the CLI passes the surface default. Default `en`. */
  readonly locale?: string | undefined;
  /** Lark only: cards carry the other language too, each reader's client showing its own. Default false. */
  readonly bilingual?: boolean | undefined;
}

/** What a destination id looks like on each surface, with an example for the error message. */
const DESTINATION_FORMAT: Readonly<Record<ChatSurface, { pattern: RegExp; example: string; where: string }>> = {
  slack: { pattern: /^[CGD][A-Z0-9]{6,}$/, example: 'C0123ABCDEF', where: 'Slack: open the channel, "View channel details", the id is at the bottom' },
  lark: { pattern: /^oc_[A-Za-z0-9]+$/, example: 'oc_a0553eda9014c201e6969b478895c230', where: 'Lark: the chat_id from the group settings or the chats API' },
};

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

function checkInput(input: BindInput): Result<true, KernelError> {
  const format = DESTINATION_FORMAT[input.surface];
  if (!format.pattern.test(input.destination)) {
    return fail('invalid_request', `"${input.destination}" is not a ${input.surface} channel id (like ${format.example}). ${format.where}.`);
  }
  if (input.digestAt !== undefined && !HH_MM.test(input.digestAt)) return fail('invalid_request', `--digest-at takes a 24-hour time like 09:00; got "${input.digestAt}".`);
  const unknown = (input.purposes ?? []).filter((p) => !BINDING_PURPOSES.includes(p));
  if (unknown.length > 0) return fail('invalid_request', `Unknown purpose(s) ${unknown.join(', ')}; use ${BINDING_PURPOSES.join(', ')}.`);
  if (input.locale !== undefined && !isLocale(input.locale)) return localeRefused(input.locale);
  if (input.bilingual === true && input.surface !== 'lark') {
    return fail('invalid_request', '--bilingual is for Lark chats, whose clients show each reader their own language; a Slack message has one language: choose it with --locale.', { field: 'bilingual' });
  }
  return ok(true);
}

/** Binds a goal to a channel or chat (re-binding the same destination updates its purposes and digest time). */
export function bindGoal(deps: AppDeps, origin: WriteOrigin, input: BindInput): Result<Binding, KernelError> {
  return runWrite(deps, { ...origin, command: 'goal.bind', request: input }, (ctx) => {
    const goal = must(requireGoal(ctx.store, input.goalId));
    must(checkInput(input));
    const purposes = input.purposes && input.purposes.length > 0 ? [...new Set(input.purposes)] : [...BINDING_PURPOSES];
    const binding = {
      goalId: goal.id,
      surface: input.surface,
      workspace: input.workspace ?? null,
      destination: input.destination,
      purposes,
      digestAt: input.digestAt ?? '09:00',
      digestTimezone: input.digestTimezone ?? goal.timezone,
      locale: isLocale(input.locale) ? input.locale : 'en',
      bilingual: input.bilingual === true,
    };
    upsertBinding(ctx.store, binding, ctx.at);
    // The event wakes the projector, which posts the board (and open gates) to the new destination.
    ctx.event({ goalId: goal.id, type: 'binding.set', payload: { surface: binding.surface, destination: binding.destination, purposes, locale: binding.locale, bilingual: binding.bilingual } });
    const stored = listBindings(ctx.store, goal.id).find((b) => b.surface === binding.surface && b.destination === binding.destination);
    return stored ? ok(stored) : fail('internal_error', 'The binding was not stored.');
  });
}
