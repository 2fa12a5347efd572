import { createMemorySurface } from '../../adapters/memory/surface.js';
import { chatSurfaceContract } from './chat-surface.contract.js';

chatSurfaceContract('memory', async () => {
  const surface = createMemorySurface('slack');
  return {
    surface,
    destination: 'C0MEMORY1',
    rateLimitNext: (seconds) => surface.failNext({ kind: 'rate_limited', retryAfterMs: seconds * 1000 }),
    shownText: (ref) => surface.messages.get(`${ref.destination}/${ref.messageId}`)?.fallbackText,
  };
});
