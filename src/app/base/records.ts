import type { BaseTableRef } from '../../store/base-rows.js';
import type { BaseApi, BaseRecord, BaseReply } from './port.js';

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
