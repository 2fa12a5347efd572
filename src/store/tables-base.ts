// Tables of the Lark Base projection (migration 0015).

/** A goal bound to one table of a Lark Base. */
export interface LarkBaseTable {
  goal_id: string;
  app_token: string;
  table_id: string;
  /** The table's name when it was bound (for words in doctor and logs). */
  name: string;
  /** The language of the table's LoopX field, option and view names and cells (`en`, `zh-CN`); null: English (bound before 0020). */
  locale: string | null;
  created_at: string;
  updated_at: string;
}

/** One todo's row in a bound table: its record id once created, and the fields LoopX wants it to show. */
export interface BaseRowTable {
  app_token: string;
  table_id: string;
  todo_id: string;
  goal_id: string;
  record_id: string | null;
  /** The wanted fields as JSON, by field name. */
  fields: string;
  want_hash: string;
  /** Hash of the fields the Base last accepted for this row; null before the first write or after drift. */
  applied_hash: string | null;
  /** 1 while want_hash differs from applied_hash (a write is owed). */
  pending: number;
  /** Bumped on every new want, so a write that raced a newer want does not mark it applied. */
  version: number;
  attempts: number;
  next_at: string;
  /** Set before a create is sent: a create whose answer was lost is found in the Base before creating again. */
  create_started_at: string | null;
  last_error: string | null;
  updated_at: string;
}
