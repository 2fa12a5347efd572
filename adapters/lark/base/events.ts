import type { BaseTableRef } from '../../../src/app/base/index.js';

/** What a Base change event says LoopX should look at: a table and the records that changed. */
export interface BaseChange {
  readonly table: BaseTableRef;
  readonly recordIds: string[];
}

/**
 * Reads `drive.file.bitable_record_changed_v1` (as the SDK flattens it). The event is only a hint to look: the
 * engine reads the named records back from the Base and trusts what the Base answers, not the event's values.
 */
export function baseChangeOf(event: Record<string, unknown>): BaseChange | null {
  const { file_token: appToken, table_id: tableId, action_list: actions } = event as { file_token?: unknown; table_id?: unknown; action_list?: unknown };
  if (typeof appToken !== 'string' || typeof tableId !== 'string' || !Array.isArray(actions)) return null;
  const recordIds = actions.map((a) => (a as { record_id?: unknown }).record_id).filter((id): id is string => typeof id === 'string');
  return recordIds.length > 0 ? { table: { appToken, tableId }, recordIds } : null;
}
