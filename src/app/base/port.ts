// The Lark Base (Bitable) calls the Base projection makes. The Lark adapter implements them on the official SDK
// (adapters/lark/base/api.ts); the application sees only this port, so it never imports the SDK.

/** A field as the Base describes it. */
export interface BaseField {
  readonly fieldId: string;
  readonly name: string;
  /** Bitable field type: 1 text, 2 number, 3 single select, 5 date, 15 URL… */
  readonly type: number;
  /** Option names and ids of a select field. */
  readonly options: readonly { readonly id: string; readonly name: string }[];
}

/** A field LoopX asks for. */
export interface BaseFieldSpec {
  readonly name: string;
  readonly type: number;
  /** Options of a select field, in order, with Lark's colour numbers. */
  readonly options?: readonly { readonly name: string; readonly color: number }[];
}

/** A view of a table. */
export interface BaseView {
  readonly viewId: string;
  readonly name: string;
  readonly type: string;
}

/** A record as listed, with who last changed it (the `automatic_fields`). */
export interface BaseRecord {
  readonly recordId: string;
  readonly fields: Readonly<Record<string, unknown>>;
  /** open_id of the last person who modified it, when the Base says. */
  readonly lastModifiedBy: string | null;
}

/** A view filter condition (Bitable `filter_info`). */
export interface BaseCondition {
  readonly fieldId: string;
  readonly operator: 'is' | 'isNotEmpty';
  readonly value?: string;
}

/** A failed call, classified for the sender: wait, look again, retry later, or give up. */
export type BaseFailure =
  | { readonly kind: 'rate_limited'; readonly retryAfterMs: number; readonly reason: string }
  /** A record id the Base no longer has (deleted by hand). */
  | { readonly kind: 'record_gone'; readonly reason: string }
  /** Permissions, a Base or table that does not exist, a field the table lacks: retrying will not help. */
  | { readonly kind: 'refused'; readonly code: number | null; readonly reason: string }
  /** Anything else (network, 5xx, a write conflict): retry with backoff. */
  | { readonly kind: 'failed'; readonly code: number | null; readonly reason: string };

/** The answer of one Base call, never thrown. */
export type BaseReply<T> = { readonly ok: true; readonly data: T } | ({ readonly ok: false } & BaseFailure);

/** Bitable's documented maximum records per batch create or update request. */
export const BASE_BATCH_SIZE = 500;
/** Records per page when listing (the documented maximum page_size). */
export const BASE_PAGE_SIZE = 500;

/** The Base calls. `appToken` names the Base, `tableId` one table in it. */
export interface BaseApi {
  /** Opens the Base (its name), which proves the app may read it. */
  getApp(appToken: string): Promise<BaseReply<{ name: string }>>;
  /** Creates a table with its fields; `defaultView` names the grid view every new table has (else Lark names it). */
  createTable(appToken: string, name: string, fields: readonly BaseFieldSpec[], defaultView?: string): Promise<BaseReply<{ tableId: string }>>;
  listFields(appToken: string, tableId: string): Promise<BaseReply<BaseField[]>>;
  createField(appToken: string, tableId: string, field: BaseFieldSpec): Promise<BaseReply<BaseField>>;
  listViews(appToken: string, tableId: string): Promise<BaseReply<BaseView[]>>;
  createView(appToken: string, tableId: string, name: string, type: 'grid' | 'kanban'): Promise<BaseReply<BaseView>>;
  patchView(appToken: string, tableId: string, viewId: string, property: { filter?: { conjunction: 'and' | 'or'; conditions: readonly BaseCondition[] }; hiddenFieldIds?: readonly string[] }): Promise<BaseReply<null>>;
  /** One page of records (BASE_PAGE_SIZE), from `pageToken`; `next` is null on the last page. */
  listRecords(appToken: string, tableId: string, pageToken: string | null): Promise<BaseReply<{ records: BaseRecord[]; next: string | null }>>;
  /** Creates records in order; `clientToken` makes a repeated request create nothing new. */
  batchCreate(appToken: string, tableId: string, records: readonly Record<string, unknown>[], clientToken: string): Promise<BaseReply<BaseRecord[]>>;
  batchUpdate(appToken: string, tableId: string, records: readonly { recordId: string; fields: Record<string, unknown> }[]): Promise<BaseReply<null>>;
  /** Reads some records (at most BASE_GET_SIZE ids); `absent` names the ids the table no longer has. */
  getRecords(appToken: string, tableId: string, recordIds: readonly string[]): Promise<BaseReply<{ records: BaseRecord[]; absent: string[] }>>;
  /** Asks Lark to send this Base's record change events to the app (drive file subscribe, file_type bitable). */
  subscribeChanges(appToken: string): Promise<BaseReply<null>>;
}

/** Record ids per batch get (the documented maximum). */
export const BASE_GET_SIZE = 100;
