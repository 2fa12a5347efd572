import { createLarkAdapter, type LarkAdapter } from '../../adapters/lark/index.js';
import type { AppDeps } from '../../src/app/deps.js';
import { createBoardSource, createGateSource } from '../../src/app/projection/index.js';
import { startChatHarness, type ChatHarness } from './chat-harness.js';
import type { SteppedClock } from './clock.js';
import { LARK_TEST_BASE } from './lark-api.js';
import { LARK_SECRETS } from './lark-signing.js';

/** The real Lark adapter in webhook mode on the real server, with a projection engine driving its surface. */
export interface LarkHarness extends ChatHarness {
  readonly adapter: LarkAdapter;
}

/** Starts the harness; start the fake Lark (msw) first. */
export async function startLarkHarness(deps: AppDeps, clock: SteppedClock, options: { urgentApp?: boolean } = {}): Promise<LarkHarness> {
  const sources = [createBoardSource(), createGateSource()];
  const adapter = createLarkAdapter(deps, { appId: LARK_SECRETS.appId, appSecret: 'secret-ok', domain: LARK_TEST_BASE, mode: 'webhook', encryptKey: LARK_SECRETS.encryptKey, verificationToken: LARK_SECRETS.verificationToken, sources, urgentApp: options.urgentApp ?? false });
  const harness = await startChatHarness(deps, clock, { surface: adapter.surface, mounts: adapter.mounts, sources });
  return { ...harness, adapter };
}
