import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BaseChange } from '../../../adapters/lark/base/events.js';
import { createLarkAdapter, type LarkAdapter } from '../../../adapters/lark/index.js';
import { createLarkDispatcher } from '../../../adapters/lark/sdk.js';
import { loadConfig } from '../../../src/config.js';
import { listen } from '../../../src/http/serve.js';
import { createLoopxServer } from '../../../src/server.js';
import { LARK_TEST_BASE } from '../../helpers/lark-api.js';
import { LARK_SECRETS, signedLarkRequest } from '../../helpers/lark-signing.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';

let app: TestApp;
let adapter: LarkAdapter;
let changes: BaseChange[];
let url: string;
let close: () => Promise<void>;

/** A v2 `drive.file.bitable_record_changed_v1` envelope, as Lark pushes it for a subscribed Base. */
function recordChanged(eventId: string, recordIds: string[]) {
  return {
    schema: '2.0',
    header: { event_id: eventId, token: LARK_SECRETS.verificationToken, create_time: String(app.clock.now().getTime()), event_type: 'drive.file.bitable_record_changed_v1', tenant_key: 'tenant1', app_id: LARK_SECRETS.appId },
    event: {
      file_type: 'bitable',
      file_token: 'bascnLoopxTest01',
      table_id: 'tblTodos',
      operator_id: { open_id: 'ou_ana' },
      action_list: recordIds.map((record_id) => ({ record_id, action: 'record_edited', before_value: [], after_value: [] })),
    },
  };
}

beforeEach(async () => {
  app = await createTestApp();
  changes = [];
  adapter = createLarkAdapter(app.deps, { appId: LARK_SECRETS.appId, appSecret: 'secret-ok', domain: LARK_TEST_BASE, mode: 'webhook', encryptKey: LARK_SECRETS.encryptKey, verificationToken: LARK_SECRETS.verificationToken, sources: [], onBaseChange: (change) => changes.push(change) });
  const server = createLoopxServer(app.deps, loadConfig({ LOOPX_DB: ':memory:' }, '/nonexistent'), { mounts: adapter.mounts });
  url = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}/lark/events`;
  close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
});
afterEach(() => close());

describe('Lark Base change events reach the Base engine', () => {
  it('a signed record-changed event on /lark/events names the table and records; an unsigned one does not', async () => {
    const signed = signedLarkRequest(recordChanged('ev_base_1', ['recA', 'recB']), { timestampSeconds: Math.floor(app.clock.now().getTime() / 1000) });
    expect((await fetch(url, { method: 'POST', body: signed.body, headers: signed.headers })).status).toBe(200);
    expect(changes).toEqual([{ table: { appToken: 'bascnLoopxTest01', tableId: 'tblTodos' }, recordIds: ['recA', 'recB'] }]);
    const forged = { ...signed.headers, 'x-lark-signature': 'forged' };
    expect((await fetch(url, { method: 'POST', body: signed.body, headers: forged })).status).toBe(401);
    expect(changes).toHaveLength(1);
  });

  it('the long connection delivers the same event through the SDK dispatcher', async () => {
    await createLarkDispatcher(adapter.handlers).dispatch(recordChanged('ev_base_ws', ['recC']));
    expect(changes).toEqual([{ table: { appToken: 'bascnLoopxTest01', tableId: 'tblTodos' }, recordIds: ['recC'] }]);
  });
});
