import { createSlackWebClient } from '../../../adapters/slack/bolt.js';
import { createSlackSurface } from '../../../adapters/slack/surface.js';
import { chatSurfaceContract } from '../../contracts/chat-surface.contract.js';
import { steppedClock } from '../../helpers/clock.js';
import { SLACK_API, startFakeSlack } from '../../helpers/slack.js';

chatSurfaceContract('slack (Web API under msw)', async () => {
  const slack = startFakeSlack(steppedClock());
  const surface = createSlackSurface(createSlackWebClient('xoxb-test', SLACK_API));
  return {
    surface,
    destination: 'C0CONTRACT',
    rateLimitNext: (seconds) => slack.rateLimitNext(1, seconds),
    shownText: (ref) => slack.texts.get(`${ref.destination}/${ref.messageId}`),
    close: () => slack.close(),
  };
});
