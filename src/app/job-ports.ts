import type { Locale } from '../kernel/locale.js';
import type { Card, CardPerson } from '../../cards/model.js';
import type { DigestGate } from '../../cards/digest-card.js';
import type { ChatSurface } from '../kernel/vocabulary.js';
import type { Store } from '../store/db.js';
import type { AppDeps } from './deps.js';
import type { WriteContext } from './write.js';

/** Where a job's card goes: the goal's board thread (heartbeats) or one digest binding. */
export type JobDestination =
  | { readonly kind: 'board_thread' }
  | { readonly kind: 'binding'; readonly bindingId: string }
  /** A direct message (reminders): a surface and its `dm:<chat user>` destination. */
  | { readonly kind: 'direct'; readonly surface: ChatSurface; readonly destination: string };

/** A card a job hands to the projection outbox. */
export interface JobPost {
  readonly goalId: string;
  readonly card: Card;
  /** The same card in any language: each binding gets its own (and a bilingual chat both). */
  readonly cardIn?: (locale: Locale) => Card;
  readonly destination: JobDestination;
}

/**
 * Enqueues a card in the caller's transaction (so the run record and the post commit together or not at
 * all) and answers how many destinations will receive it. The card key names the job period, so the
 * outbox never holds two copies of one period's card for a destination. The projection outbox sends it, honouring rate
 * limits and resuming after restarts.
 */
export type JobPublisher = (ctx: WriteContext, post: JobPost) => number;

/** A gate the heartbeat expired. */
export interface ExpiredGateNote {
  readonly gateId: string;
  readonly question: string;
  readonly onExpire: string;
}

/** An escalation step the gate sweep recorded (at most once per step). */
export interface GateReminder {
  readonly gateId: string;
  readonly question: string;
  readonly step: 'approvers' | 'owners';
  readonly people: readonly CardPerson[];
}

/** What jobs need from the gates: the sweep, who waits on what, settled gates and quota. */
export interface GateFeed {
  /** Applies expiry and escalation (its own transaction, each step recorded once) and reports what it did. */
  sweep(deps: AppDeps, goalId: string, now: Date): { expired: readonly ExpiredGateNote[]; reminders: readonly GateReminder[] };
  pending(store: Store, goalId: string): readonly DigestGate[];
  isSettled(store: Store, gateId: string): boolean;
  quota(store: Store, goalId: string, now: Date): { spent: number; allowed: number; windowHours: number } | null;
}

/** A digest destination: one binding of a goal with purpose `digest`, its daily time and timezone. */
export interface DigestTarget {
  readonly bindingId: string;
  readonly goalId: string;
  /** Surface and channel, for people (`slack C123`). */
  readonly label: string;
  /** The channel or chat id alone. */
  readonly destination: string;
  readonly cron: string;
  readonly timezone: string;
  /** The language the chat reads (the binding's). */
  readonly locale: Locale;
  readonly createdAt: string;
}

/** Everything the heartbeat and digest use cases need beyond the app. */
export interface JobDeps {
  readonly app: AppDeps;
  readonly publish: JobPublisher;
  readonly gates: GateFeed;
  readonly digestTargets: (store: Store) => readonly DigestTarget[];
  /** When a pending gate reminds the people it waits on (then escalates after twice as long). */
  readonly reach: ReachSettings;
}

/** How soon people are reminded about a gate that waits on them. */
export interface ReachSettings {
  readonly remindAfterMs: number;
}

/** Remind after an hour (LOOPX_REMIND_AFTER_MINUTES), escalate after two. */
export const DEFAULT_REACH: ReachSettings = { remindAfterMs: 60 * 60_000 };
