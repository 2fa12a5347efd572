import { createLarkApi } from '../../../adapters/lark/sdk.js';
import { createLarkSurface } from '../../../adapters/lark/surface.js';
import { silentLogger } from '../../../src/app/deps.js';
import { chatSurfaceContract } from '../../contracts/chat-surface.contract.js';
import { LARK_TEST_BASE, startFakeLark } from '../../helpers/lark-api.js';

chatSurfaceContract('lark (Open API through the SDK, under msw)', async () => {
  const lark = startFakeLark();
  const surface = createLarkSurface(createLarkApi({ appId: 'cli_test', appSecret: 'secret-ok', domain: LARK_TEST_BASE }), silentLogger);
  return {
    surface,
    destination: 'oc_contract',
    rateLimitNext: (seconds) => lark.script('POST /open-apis/im/v1/messages', { status: 429, body: { code: 99991400, msg: 'request trigger frequency limit' }, headers: { 'x-ogw-ratelimit-reset': String(seconds) } }),
    shownText: (ref) => lark.shown(ref.messageId),
    close: () => lark.server.close(),
  };
});
