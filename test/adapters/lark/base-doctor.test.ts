import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLarkBaseApi } from '../../../adapters/lark/base/api.js';
import { larkBaseDoctorChecks } from '../../../adapters/lark/base/doctor.js';
import { BASE_FIELDS, baseSchema } from '../../../src/app/base/index.js';
import { LARK_TEST_BASE, startFakeLark, type FakeLark } from '../../helpers/lark-api.js';
import { installFakeBase, type FakeBase } from '../../helpers/lark-base.js';

let lark: FakeLark;
let base: FakeBase;
beforeAll(() => {
  lark = startFakeLark();
});
afterAll(() => lark.server.close());
beforeEach(() => {
  lark.reset();
  lark.server.resetHandlers();
  base = installFakeBase(lark, () => 0);
});

const api = () => createLarkBaseApi({ appId: 'cli_test', appSecret: 'secret-ok', domain: LARK_TEST_BASE });
const scopes = (...names: string[]) => ({ body: { code: 0, msg: 'ok', data: { app: { app_id: 'cli_test', scopes: names.map((scope) => ({ scope })) } } } });

describe('loopx doctor: Lark Base checks', () => {
  it('passes with the bitable:app scope, a Base the app can open and every LoopX field', async () => {
    lark.script('GET /open-apis/application/v6/applications/cli_test', scopes('im:message', 'bitable:app'));
    base.addApp('bascnDoctor00001', 'Ops');
    const tableId = base.addTable('bascnDoctor00001', 'Work', BASE_FIELDS.map((f) => ({ name: f.name, type: f.type })));
    const checks = await larkBaseDoctorChecks(api(), [{ goalId: 'demo', appToken: 'bascnDoctor00001', tableId, name: 'Ops' }]);
    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ['lark base scope', true],
      ['lark base "Ops" (demo)', true],
    ]);
  });

  it('checks a Chinese table against its Chinese field names', async () => {
    lark.script('GET /open-apis/application/v6/applications/cli_test', scopes('bitable:app'));
    base.addApp('bascnDoctor00003', '团队看板');
    const zh = baseSchema('zh-CN').fields;
    const tableId = base.addTable('bascnDoctor00003', 'LoopX 待办', zh.map((f) => ({ name: f.name, type: f.type })));
    const [, whole] = await larkBaseDoctorChecks(api(), [{ goalId: 'demo', appToken: 'bascnDoctor00003', tableId, name: '团队看板', locale: 'zh-CN' }]);
    expect(whole?.ok).toBe(true);
    const lacking = base.addTable('bascnDoctor00003', 'LoopX 待办', zh.filter((f) => f.name !== '等待').map((f) => ({ name: f.name, type: f.type })));
    const [, gap] = await larkBaseDoctorChecks(api(), [{ goalId: 'demo', appToken: 'bascnDoctor00003', tableId: lacking, name: '团队看板', locale: 'zh-CN' }]);
    expect(gap?.detail).toContain('missing: 等待');
  });

  it('names the missing scope, a Base the app was not added to, and missing or retyped fields, each with its fix', async () => {
    lark.script('GET /open-apis/application/v6/applications/cli_test', scopes('im:message'));
    base.addApp('bascnPrivate0001', 'Private', false);
    base.addApp('bascnDoctor00002', 'Ops');
    const tableId = base.addTable('bascnDoctor00002', 'Work', [{ name: 'Title', type: 1 }, { name: 'Lane', type: 1 }]);
    const checks = await larkBaseDoctorChecks(api(), [
      { goalId: 'demo', appToken: 'bascnPrivate0001', tableId: 'tblNope', name: 'Private' },
      { goalId: 'demo', appToken: 'bascnDoctor00002', tableId, name: 'Ops' },
    ]);
    expect(checks.every((c) => !c.ok)).toBe(true);
    expect(checks[0]?.fix).toContain('bitable:app');
    expect(checks[1]).toMatchObject({ detail: expect.stringContaining('1254302'), fix: expect.stringContaining('Add document app') });
    expect(checks[2]?.detail).toMatch(/missing: Goal, Priority, /);
    expect(checks[2]?.detail).toContain('another type: Lane');
    expect(checks[2]?.fix).toContain(`loopx goal bind demo --lark-base bascnDoctor00002/${tableId}`);
  });
});
