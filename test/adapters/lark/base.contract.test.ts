import { afterAll, beforeAll } from 'vitest';
import { startFakeLark, type FakeLark } from '../../helpers/lark-api.js';
import { installFakeBase } from '../../helpers/lark-base.js';
import { testBaseApi } from '../../helpers/lark-base-harness.js';
import { baseTableContract } from '../../contracts/base-table.contract.js';

let lark: FakeLark;
beforeAll(() => {
  lark = startFakeLark();
});
afterAll(() => lark.server.close());

baseTableContract('Lark Base (SDK bitable.v1 under msw)', async () => {
  lark.server.resetHandlers();
  const base = installFakeBase(lark, () => Date.now());
  base.addApp('bascnContract001', 'Contract Base');
  return { api: testBaseApi(), appToken: 'bascnContract001', rateLimitNext: (seconds) => base.rateLimitNext(seconds) };
});
