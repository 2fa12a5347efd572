import { err } from './result.js';

/**
 * Every expected failure, by code. One table maps each code to its HTTP status and CLI exit code;
 * adding a code without a row is a compile error.
 */
export const ERROR_TABLE = {
  unauthenticated: { http: 401, exit: 1 },
  forbidden: { http: 403, exit: 1 },
  not_found: { http: 404, exit: 3 },
  method_not_allowed: { http: 405, exit: 2 },
  invalid_json: { http: 400, exit: 2 },
  invalid_request: { http: 422, exit: 2 },
  payload_too_large: { http: 413, exit: 2 },
  unsupported_media_type: { http: 415, exit: 2 },
  already_exists: { http: 409, exit: 1 },
  idempotency_key_reused: { http: 409, exit: 1 },
  lease_held: { http: 409, exit: 1 },
  lease_expired: { http: 409, exit: 1 },
  lease_version_mismatch: { http: 409, exit: 1 },
  not_claimed_by_you: { http: 409, exit: 1 },
  completion_requires_successor_or_no_followup: { http: 422, exit: 1 },
  todo_not_open: { http: 409, exit: 1 },
  todo_blocked: { http: 409, exit: 1 },
  gate_pending: { http: 409, exit: 1 },
  goal_paused: { http: 409, exit: 1 },
  goal_not_active: { http: 409, exit: 1 },
  secret_in_text: { http: 422, exit: 1 },
  agent_revoked: { http: 401, exit: 1 },
  signature_replayed: { http: 401, exit: 1 },
  config_invalid: { http: 500, exit: 4 },
  internal_error: { http: 500, exit: 1 },
  ledger_tampered: { http: 500, exit: 1 },
  backup_invalid: { http: 422, exit: 1 },
  database_in_use: { http: 409, exit: 1 },
  gate_not_pending: { http: 409, exit: 1 },
  gate_revision_stale: { http: 409, exit: 1 },
  gate_unscoped: { http: 422, exit: 1 },
  not_authorised_to_decide: { http: 403, exit: 1 },
  reason_required: { http: 422, exit: 1 },
  approver_without_authority: { http: 422, exit: 1 },
  decision_scope_too_wide: { http: 403, exit: 1 },
  gate_expired: { http: 409, exit: 1 },
  option_required: { http: 422, exit: 1 },
  quota_spend_not_found: { http: 404, exit: 3 },
  login_link_invalid: { http: 401, exit: 1 },
  csrf_rejected: { http: 403, exit: 1 },
  misdirected_request: { http: 421, exit: 1 },
  too_many_streams: { http: 503, exit: 1 },
  too_many_streams_from_client: { http: 429, exit: 1 },
  storage_read_only: { http: 503, exit: 4 },
  storage_full: { http: 503, exit: 4 },
  wake_unreachable: { http: 502, exit: 4 },
  base_setup_failed: { http: 502, exit: 1 },
} as const satisfies Record<string, { http: number; exit: number }>;

/** The snake_case code of an expected failure. */
export type ErrorCode = keyof typeof ERROR_TABLE;

/** An expected failure: a code, a message that says what happened and what to do, optional details. */
export interface KernelError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Builds a KernelError value. */
export function kernelError(code: ErrorCode, message: string, details?: Record<string, unknown>): KernelError {
  return details === undefined ? { code, message } : { code, message, details };
}

/** Builds a failed Result carrying a KernelError. */
export function fail(code: ErrorCode, message: string, details?: Record<string, unknown>) {
  return err(kernelError(code, message, details));
}

/** A KernelError raised through layers that cannot return values (transactions, HTTP parsing). */
export class KernelFailure extends Error {
  constructor(readonly error: KernelError) {
    super(error.message);
    this.name = 'KernelFailure';
  }
}

/** True when a thrown value carries an expected failure. */
export function isKernelFailure(value: unknown): value is KernelFailure {
  return value instanceof KernelFailure;
}
