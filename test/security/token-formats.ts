// Real token formats (synthetic values of the right shape), one row per issuer: the secret guard must refuse
// each wherever it appears. Built from parts so no scanner mistakes this file for a leak.
const a = (n: number) => 'aB3dE5gH7jK9mN2pQ4sT6vW8yZ0cF1hJ'.repeat(4).slice(0, n);
const hex = (n: number) => '0123456789abcdef'.repeat(8).slice(0, n);
const upper = (n: number) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.repeat(2).slice(0, n);

/** [format name, text carrying it]. */
export const TOKEN_FORMATS: ReadonlyArray<readonly [string, string]> = [
  ['Slack bot token', `xo${'xb'}-123456789012-1234567890123-${a(24)}`],
  ['Slack user token', `xo${'xp'}-123456789012-1234567890123-${a(24)}`],
  ['Slack refresh token (xoxe-)', `xo${'xe'}-1-${a(40)}`],
  ['Slack rotated token (xoxe.xoxp-)', `xo${'xe'}.xoxp-1-${a(40)}`],
  ['Slack app token', `xa${'pp'}-1-A0123456789-${a(20)}`],
  ['Slack webhook URL', `https://hooks.slack.com/services/T0123ABCD/B0123ABCD/${a(24)}`],
  ['Slack token behind a word prefix (SLACK_TOKEN_xoxb-)', `SLACK_TOKEN_xo${'xb'}-123456789012-${a(24)}`],
  ['Lark tenant access token', `t-${a(40)}`],
  ['Lark user access token', `u-${a(40)}`],
  ['OpenAI key', `s${'k'}-${a(48)}`],
  ['OpenAI project key', `s${'k'}-proj-${a(48)}`],
  ['Anthropic key', `s${'k'}-ant-api03-${a(40)}`],
  ['GitHub classic token', `gh${'p'}_${a(36)}`],
  ['GitHub token behind a digit (1ghp_)', `1gh${'p'}_${a(36)}`],
  ['GitHub OAuth token', `gh${'o'}_${a(36)}`],
  ['GitHub app installation token', `gh${'s'}_${a(36)}`],
  ['GitHub fine-grained token', `github_${'pat'}_11ABCDEFG0${a(22)}_${a(59)}`],
  ['GitLab personal token', `gl${'pat'}-${a(20)}`],
  ['Stripe live secret key', `s${'k'}_live_${a(24)}`],
  ['Stripe restricted key', `r${'k'}_live_${a(24)}`],
  ['Stripe webhook secret', `wh${'sec'}_${a(32)}`],
  ['Google API key', `AI${'za'}Sy${a(33)}`],
  ['Google OAuth client secret', `GOC${'SPX'}-${a(28)}`],
  ['npm token', `np${'m'}_${a(36)}`],
  ['PyPI token', `pyp${'i'}-AgEIcHlwaS5vcmc${a(60)}`],
  ['AWS access key id', `AK${'IA'}${upper(16)}`],
  ['AWS temporary key id', `AS${'IA'}${upper(16)}`],
  ['Hugging Face token', `h${'f'}_${a(34)}`],
  ['SendGrid key', `S${'G'}.${a(22)}.${a(43)}`],
  ['Twilio API key', `S${'K'}${hex(32)}`],
  ['DigitalOcean token', `do${'p'}_v1_${hex(64)}`],
  ['Shopify access token', `shp${'at'}_${hex(32)}`],
  ['JSON Web Token', `ey${'J'}hbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${a(43)}`],
  ['LoopX agent token', `lp${'x'}_${a(32)}`],
  ['LoopX login link token', `lp${'xl'}_${a(32)}`],
  ['LoopX session token', `lp${'xs'}_${a(43)}`],
  ['RSA private key', `-----BEGIN RSA ${'PRIVATE'} KEY-----\nMIIEow`],
  ['OpenSSH private key', `-----BEGIN OPENSSH ${'PRIVATE'} KEY-----\nb3Blbn`],
  ['PGP private key block', `-----BEGIN PGP ${'PRIVATE'} KEY BLOCK-----\nlQdGBF`],
  ['PuTTY private key', `PuTTY-User-Key-${'File'}-3: ssh-ed25519\nEncryption: none`],
  ['Authorization: Basic header', `Authori${'zation'}: Basic dXNlcjpodW50ZXIy`],
  ['Authorization: Bearer header', `Authori${'zation'}: Bearer ${a(32)}`],
  ['bare Basic credential', `curl with Basic dXNlcjpodW50ZXIy`],
  ['URL with user name and password', `https://admin:hunter2@db.example.com/x`],
  ['percent-encoded Slack token', `https://ci.example.com/?t=xo${'xb'}%2D123456789012%2D${a(24)}`],
  ['double percent-encoded GitHub token', `gh${'p'}%255F${a(36)}`],
  ['password assignment', `DATABASE_URL?password=${a(12)}`],
];

/** Text that looks a little like a credential but is not: the guard must let it through. */
export const NOT_SECRETS: readonly string[] = [
  'Basic configuration of the task-runner is done',
  'commit-0123456789abcdef0123456789abcdef fixed the flaky test',
  'ask-abcdefghijklmnopqrstuvwxyz was renamed',
  'see https://ci.example.com/builds/42?page=2',
  'todo_0mx6abcdefghijklmnopqrstu and gate_0mx6abcdefghijk',
  'basic 2fa/totp setup works now',
];
