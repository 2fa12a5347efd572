import type { BaseTableRef } from '../../store/base-rows.js';
import { BASE_GET_SIZE, type BaseApi, type BaseRecord, type BaseReply } from './port.js';

/** Every record of a table, page by page (page_token) until the Base says there is no more. */
export async function listAllRecords(api: BaseApi, table: BaseTableRef): Promise<BaseReply<BaseRecord[]>> {
  const records: BaseRecord[] = [];
  let pageToken: string | null = null;
  do {
    const page = await api.listRecords(table.appToken, table.tableId, pageToken);
    if (!page.ok) return page;
    records.push(...page.data.records);
    pageToken = page.data.next;
  } while (pageToken !== null);
  return { ok: true, data: records };
}

/** Some records by id, in batches of BASE_GET_SIZE: those the table still has (a missing id is simply not there). */
export async function getSomeRecords(api: BaseApi, table: BaseTableRef, recordIds: readonly string[]): Promise<BaseReply<BaseRecord[]>> {
  const records: BaseRecord[] = [];
  for (let i = 0; i < recordIds.length; i += BASE_GET_SIZE) {
    const page = await api.getRecords(table.appToken, table.tableId, recordIds.slice(i, i + BASE_GET_SIZE));
    if (!page.ok) return page;
    records.push(...page.data.records);
  }
  return { ok: true, data: records };
}
