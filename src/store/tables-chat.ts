// Tables of jobs, chat projection, inbound dedupe and web sessions (migrations 0003–0006).

/** One scheduled job run per (job, key, period): heartbeats per goal, digests per binding. */
export interface JobRunTable {
  job: string;
  key: string;
  period: string;
  due_at: string;
  started_at: string;
  status: string;
  late: number;
  trigger: string;
  note: string;
}

/** Agents flagged stale on a goal (one row while flagged). */
export interface AgentStaleFlagTable {
  goal_id: string;
  agent_id: string;
  flagged_at: string;
  last_seen_at: string | null;
}

/** Where a goal is mirrored: surface, destination and the purposes (board, gates, digest) it serves. */
export interface BindingTable {
  goal_id: string;
  surface: string;
  workspace: string | null;
  destination: string;
  /** Comma-separated purposes: `board,gates,digest`. */
  purposes: string;
  digest_at: string;
  digest_timezone: string;
  /** `en` or `zh-CN`: the language of the cards this chat reads; null = English (bindings made before 0018). */
  locale: string | null;
  /** 1: Lark cards carry both languages, each reader's client showing its own; 0: the locale alone. */
  bilingual: number;
  created_at: string;
  updated_at: string;
}

/** A card posted to a destination: its message reference and the hash of what it shows. */
export interface ProjectionTable {
  surface: string;
  destination: string;
  card_key: string;
  message_id: string;
  rendered_hash: string;
  revision_shown: number;
  sent_at: string;
  /** When the message was first posted (updates keep it; a re-post starts it again). */
  posted_at: string | null;
}

/** A queued card render waiting to be sent; one row per card per destination (coalescing). */
export interface OutboxTable {
  surface: string;
  destination: string;
  card_key: string;
  card: string;
  card_hash: string;
  revision: number;
  priority: number;
  thread_of: string | null;
  version: number;
  attempts: number;
  next_at: string;
  state: string;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  /** When a post of this card was first handed to the platform (null: never, or the card is only updated). */
  post_started_at: string | null;
  /** The server sending this row now, and until when its claim holds (a crashed sender's claim lapses). */
  claimed_by: string | null;
  claimed_until: string | null;
}

/** A running `loopx serve` on this database, with its last heartbeat. */
export interface ServerTable {
  id: string;
  pid: number;
  host: string;
  url: string;
  started_at: string;
  seen_at: string;
}

/** A named role one server holds at a time (the sender), until `expires_at` unless renewed. */
export interface ServeLeaseTable {
  name: string;
  owner: string;
  since: string;
  expires_at: string;
}

/** The projector's position in the ledger. */
export interface ProjectorCursorTable {
  name: string;
  last_seq: number;
}

/** Inbound platform deliveries already handled. */
export interface InboundDedupeTable {
  surface: string;
  key: string;
  received_at: string;
}

/** One-time web board login links (hash only; single use; short expiry). */
export interface WebLoginTokenTable {
  token_hash: string;
  person_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Web board sessions (hash of the cookie value only). */
export interface WebSessionTable {
  session_hash: string;
  person_id: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
}
