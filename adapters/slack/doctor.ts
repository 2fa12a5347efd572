import { checkSlackAuth, classifySlackError, createSlackWebClient, type SlackWebClient } from './bolt.js';

/** One line of `loopx doctor`. */
export interface DoctorCheck {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
  readonly fix?: string;
}

/** Scopes the bot needs: post and update cards, take /loopx, tell clickers privately. */
export const REQUIRED_SLACK_SCOPES = ['chat:write', 'commands'] as const;
/** The scope that opens a direct-message conversation with a person (conversations.open). */
export const DM_SLACK_SCOPE = 'im:write';
/** Scopes that let a post interrupted by a crash be found instead of posted twice (public, private channels). */
export const RECOVERY_SLACK_SCOPES = ['channels:history', 'groups:history'] as const;

async function channelCheck(client: SlackWebClient, channel: string): Promise<DoctorCheck> {
  try {
    const info = await client.conversations.info({ channel });
    const member = info.channel?.is_member === true;
    return member
      ? { name: `slack channel ${channel}`, ok: true, detail: `bot is a member of #${info.channel?.name ?? channel}` }
      : { name: `slack channel ${channel}`, ok: false, detail: 'the bot is not in this channel', fix: `in Slack, open the channel and run /invite @<your LoopX app>` };
  } catch (error) {
    const failure = classifySlackError(error);
    const reason = failure.kind === 'platform' ? failure.error : failure.kind === 'transport' ? failure.message : 'rate limited';
    return { name: `slack channel ${channel}`, ok: false, detail: `cannot read the channel (${reason})`, fix: 'check the channel id in `loopx goal bindings`, and that the app has channels:read (groups:read for private channels)' };
  }
}

/**
 * Checks the Slack setup and says what to fix: the token (auth.test), its scopes, how clicks arrive, and that
 * the bot is in every bound channel.
 */
export async function slackDoctorChecks(config: { botToken: string; signingSecret?: string | undefined; appToken?: string | undefined; apiUrl?: string | undefined }, channels: readonly string[]): Promise<DoctorCheck[]> {
  const client = createSlackWebClient(config.botToken, config.apiUrl);
  const auth = await checkSlackAuth(client);
  if (!auth.ok) return [{ name: 'slack token', ok: false, detail: `auth.test failed: ${auth.error ?? 'unknown'}`, fix: 'copy the Bot User OAuth Token (xoxb-…) from the app\'s "OAuth & Permissions" page into SLACK_BOT_TOKEN' }];
  const checks: DoctorCheck[] = [{ name: 'slack token', ok: true, detail: `workspace ${auth.team} as @${auth.user}` }];
  const missing = REQUIRED_SLACK_SCOPES.filter((scope) => !auth.scopes.includes(scope));
  checks.push(
    missing.length === 0
      ? { name: 'slack scopes', ok: true, detail: auth.scopes.join(', ') }
      : { name: 'slack scopes', ok: false, detail: `missing ${missing.join(', ')}`, fix: 'add them under "OAuth & Permissions" (see docs/slack-setup.md), then reinstall the app' },
  );
  const unrecoverable = RECOVERY_SLACK_SCOPES.filter((scope) => !auth.scopes.includes(scope));
  checks.push(
    unrecoverable.length === 0
      ? { name: 'slack crash-safe posts', ok: true, detail: 'a card whose post was cut off by a crash is found, not posted twice' }
      : { name: 'slack crash-safe posts', ok: false, detail: `missing ${unrecoverable.join(', ')}: after a crash mid-post a card can appear twice`, fix: 'add them under "OAuth & Permissions" (see docs/slack-setup.md), then reinstall the app' },
  );
  checks.push(
    auth.scopes.includes(DM_SLACK_SCOPE)
      ? { name: 'slack direct messages', ok: true, detail: 'gates reach the people they wait on by direct message' }
      : { name: 'slack direct messages', ok: false, detail: `missing ${DM_SLACK_SCOPE}: people are only @mentioned in the channel, never sent a direct message`, fix: `add ${DM_SLACK_SCOPE} under "OAuth & Permissions" (see docs/slack-setup.md), then reinstall the app` },
  );
  if (config.appToken) checks.push({ name: 'slack inbound', ok: true, detail: 'Socket Mode (SLACK_APP_TOKEN)' });
  else if (config.signingSecret) checks.push({ name: 'slack inbound', ok: true, detail: 'HTTP at /slack/events (SLACK_SIGNING_SECRET)' });
  else checks.push({ name: 'slack inbound', ok: false, detail: 'no way to receive clicks', fix: 'set SLACK_SIGNING_SECRET (HTTP, needs a public URL) or SLACK_APP_TOKEN (Socket Mode)' });
  for (const channel of channels) checks.push(await channelCheck(client, channel));
  return checks;
}
