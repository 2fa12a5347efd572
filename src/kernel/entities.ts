import type { ChatSurface, DeliveryOutcome, EvidenceKind } from './vocabulary.js';
import type { NotifyVia } from './reach.js';

/** An agent as the application sees it (never its token). */
export interface Agent {
  readonly id: string;
  readonly name: string;
  readonly status: 'active' | 'revoked';
  /** True when every request from this agent must be signed. */
  readonly signs: boolean;
  readonly lastSeenAt: string | null;
  readonly goals: readonly string[];
}

/** A person as the application sees them. */
export interface Person {
  readonly id: string;
  readonly name: string;
  readonly timezone: string | null;
  readonly identities: readonly { surface: ChatSurface; externalId: string }[];
  /** Where they are reached; null = a direct message where linked, else the channel. */
  readonly notifyVia: NotifyVia | null;
  /** Quiet hours in their timezone (`22:00-08:00`); null = none. */
  readonly quietHours: string | null;
}

/** Evidence as the application sees it. */
export interface Evidence {
  readonly id: string;
  readonly goalId: string;
  readonly todoId: string | null;
  readonly gateId: string | null;
  readonly agentId: string | null;
  readonly turnId: string | null;
  readonly kind: EvidenceKind;
  readonly summary: string;
  readonly url: string | null;
  readonly data: unknown;
  readonly deliveryOutcome: DeliveryOutcome | null;
  readonly usage: { tokensIn: number | null; tokensOut: number | null; costUsd: number | null } | null;
  readonly createdAt: string;
}
