import type { Clock, Logger } from '../../src/app/deps.js';
import { errorResponse } from '../../src/http/errors.js';
import type { Mount } from '../../src/http/serve.js';
import type { HttpRequest, HttpResponse } from '../../src/http/types.js';
import { kernelError } from '../../src/kernel/errors.js';
import type { LarkDispatcher } from './sdk.js';
import { verifyLarkRequest, type LarkRefusal, type LarkWebhookSecrets } from './webhook-verify.js';

/** The path Lark's console is pointed at for both events and card callbacks (LARK_MODE=webhook). */
export const LARK_EVENTS_PATH = '/lark/events';

const REFUSAL_TEXT: Readonly<Record<LarkRefusal, string>> = {
  missing_signature: 'Lark signature headers are missing; only signed Lark requests are accepted here.',
  stale_timestamp: 'The Lark request timestamp is more than 5 minutes from our clock; check the server clock (NTP).',
  bad_signature: 'The Lark signature does not match; check LARK_ENCRYPT_KEY matches the console.',
  not_encrypted: 'The Lark request is not encrypted; set an Encrypt Key in the console (Events & Callbacks > Encryption strategy).',
  undecryptable: 'The Lark request could not be decrypted; check LARK_ENCRYPT_KEY matches the console.',
  bad_token: 'The Lark verification token does not match; check LARK_VERIFICATION_TOKEN.',
  wrong_app: 'The Lark request is for a different app; check LARK_APP_ID.',
};

function refused(refusal: LarkRefusal): HttpResponse {
  const code = refusal === 'not_encrypted' || refusal === 'undecryptable' ? 'invalid_request' : 'unauthenticated';
  return errorResponse(kernelError(code, REFUSAL_TEXT[refusal]));
}

/**
 * `/lark/events` on the one server: our own verification first, then the SDK's dispatcher with its weaker
 * check turned off. The handler's answer (toast + card) is the callback response body.
 */
export function createLarkWebhookMount(secrets: LarkWebhookSecrets, dispatcher: LarkDispatcher, clock: Clock, logger: Logger): Mount {
  async function handler(request: HttpRequest): Promise<HttpResponse> {
    if (request.path !== LARK_EVENTS_PATH) return errorResponse(kernelError('not_found', `Nothing at ${request.path}.`));
    if (request.method !== 'POST') return errorResponse(kernelError('method_not_allowed', 'Lark posts events here; use POST.'));
    const verified = verifyLarkRequest(request.headers, request.body, secrets, clock.now());
    if (!verified.ok) {
      logger.warn({ surface: 'lark', refusal: verified.refusal }, 'lark webhook request refused');
      return refused(verified.refusal);
    }
    if (verified.kind === 'challenge') return { status: 200, body: { challenge: verified.challenge } };
    const answer = await dispatcher.dispatch(verified.envelope);
    // The SDK answers a string for event types nobody registered; Lark only needs a 200 for those.
    return { status: 200, body: typeof answer === 'object' && answer !== null ? answer : {} };
  }
  return { prefix: LARK_EVENTS_PATH, handler };
}
