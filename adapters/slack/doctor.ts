import { translator, type Translator } from '../../cards/i18n/index.js';
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

async function channelCheck(client: SlackWebClient, channel: string, tr: Translator): Promise<DoctorCheck> {
  const name = tr.t('doctor.name.slackChannel', { channel });
  try {
    const info = await client.conversations.info({ channel });
    const member = info.channel?.is_member === true;
    return member
      ? { name, ok: true, detail: tr.t('doctor.slack.channel.member', { name: info.channel?.name ?? channel }) }
      : { name, ok: false, detail: tr.t('doctor.slack.channel.notMember'), fix: tr.t('doctor.slack.channel.invite') };
  } catch (error) {
    const failure = classifySlackError(error);
    const reason = failure.kind === 'platform' ? failure.error : failure.kind === 'transport' ? failure.message : tr.t('doctor.slack.rateLimited');
    return { name, ok: false, detail: tr.t('doctor.slack.channel.unreadable', { reason }), fix: tr.t('doctor.slack.channel.unreadableFix') };
  }
}

/** A check that passes when `missing` is empty, else fails naming what is missing and how to add it. */
function scopesCheck(name: string, missing: readonly string[], ok: string, failure: string, fix: string): DoctorCheck {
  return missing.length === 0 ? { name, ok: true, detail: ok } : { name, ok: false, detail: failure, fix };
}

/**
 * Checks the Slack setup and says what to fix: the token (auth.test), its scopes, how clicks arrive, and that
 * the bot is in every bound channel.
 */
export async function slackDoctorChecks(
  config: { botToken: string; signingSecret?: string | undefined; appToken?: string | undefined; apiUrl?: string | undefined },
  channels: readonly string[],
  tr: Translator = translator('en'),
): Promise<DoctorCheck[]> {
  const client = createSlackWebClient(config.botToken, config.apiUrl);
  const auth = await checkSlackAuth(client);
  const token = tr.t('doctor.name.slackToken');
  if (!auth.ok) return [{ name: token, ok: false, detail: tr.t('doctor.slack.token.failed', { error: auth.error ?? 'unknown' }), fix: tr.t('doctor.slack.token.fix') }];
  const lacking = (scopes: readonly string[]) => scopes.filter((scope) => !auth.scopes.includes(scope));
  const missing = lacking(REQUIRED_SLACK_SCOPES);
  const unrecoverable = lacking(RECOVERY_SLACK_SCOPES);
  const checks: DoctorCheck[] = [
    { name: token, ok: true, detail: tr.t('doctor.slack.token.ok', { team: auth.team ?? '?', user: auth.user ?? '?' }) },
    scopesCheck(tr.t('doctor.name.slackScopes'), missing, auth.scopes.join(', '), tr.t('doctor.slack.scopes.missing', { scopes: missing.join(', ') }), tr.t('doctor.slack.scopes.fix')),
    scopesCheck(tr.t('doctor.name.slackRecovery'), unrecoverable, tr.t('doctor.slack.recovery.ok'), tr.t('doctor.slack.recovery.missing', { scopes: unrecoverable.join(', ') }), tr.t('doctor.slack.scopes.fix')),
    scopesCheck(tr.t('doctor.name.slackDm'), lacking([DM_SLACK_SCOPE]), tr.t('doctor.slack.dm.ok'), tr.t('doctor.slack.dm.missing', { scope: DM_SLACK_SCOPE }), tr.t('doctor.slack.dm.fix', { scope: DM_SLACK_SCOPE })),
  ];
  const inbound = tr.t('doctor.name.slackInbound');
  if (config.appToken) checks.push({ name: inbound, ok: true, detail: tr.t('doctor.slack.inbound.socket') });
  else if (config.signingSecret) checks.push({ name: inbound, ok: true, detail: tr.t('doctor.slack.inbound.http') });
  else checks.push({ name: inbound, ok: false, detail: tr.t('doctor.slack.inbound.none'), fix: tr.t('doctor.slack.inbound.fix') });
  for (const channel of channels) checks.push(await channelCheck(client, channel, tr));
  return checks;
}
