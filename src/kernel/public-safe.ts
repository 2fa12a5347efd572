import { fail, type KernelError } from './errors.js';
import { ok, type Result } from './result.js';

// Token formats, one per issuer. Prefixes are matched without a leading \b: `SLACK_TOKEN_xoxb-…` or `1ghp_…` must
// not slip through because a word character sits in front. Only short, ambiguous prefixes keep a guard.
const NOT_AFTER_LETTER = '(?<![A-Za-z])';

/** Patterns for secrets that must never be stored in public-safe text or reach a chat. */
const SECRET_PATTERNS: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'Slack token', pattern: /xox[abposre]-[A-Za-z0-9-]{10,}/ },
  { name: 'Slack refresh token', pattern: /xoxe\.xox[bp]-[A-Za-z0-9-]{10,}/ },
  { name: 'Slack app token', pattern: /xapp-\d-[A-Za-z0-9-]{10,}/ },
  { name: 'Slack webhook URL', pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/T[A-Z0-9]+\/[A-Za-z0-9/]+/ },
  { name: 'Lark/Feishu token', pattern: /(?<![A-Za-z0-9-])[tu]-[A-Za-z0-9]{20,}/ },
  { name: 'OpenAI-style API key', pattern: new RegExp(`${NOT_AFTER_LETTER}sk-(?:proj-|ant-(?:api\\d\\d-)?|svcacct-|admin-)?[A-Za-z0-9_-]{20,}`) },
  { name: 'GitHub token', pattern: /gh[pousr]_[A-Za-z0-9]{30,}/ },
  { name: 'GitHub fine-grained token', pattern: /github_pat_[A-Za-z0-9_]{22,}/ },
  { name: 'GitLab token', pattern: /gl(?:pat|dt|ptt|rt|cbt|oas)-[A-Za-z0-9_-]{20,}/ },
  { name: 'Stripe secret key', pattern: /(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/ },
  { name: 'Stripe webhook secret', pattern: /whsec_[A-Za-z0-9]{24,}/ },
  { name: 'Google API key', pattern: /AIza[0-9A-Za-z_-]{35}/ },
  { name: 'Google OAuth client secret', pattern: /GOCSPX-[A-Za-z0-9_-]{20,}/ },
  { name: 'npm token', pattern: /npm_[A-Za-z0-9]{36}/ },
  { name: 'PyPI token', pattern: /pypi-AgE[A-Za-z0-9_-]{50,}/ },
  { name: 'AWS access key', pattern: /(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}(?![0-9A-Z])/ },
  { name: 'Hugging Face token', pattern: /hf_[A-Za-z0-9]{34,}/ },
  { name: 'SendGrid API key', pattern: /SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/ },
  { name: 'Twilio API key', pattern: /(?<![A-Za-z0-9])SK[0-9a-f]{32}(?![0-9a-f])/ },
  { name: 'DigitalOcean token', pattern: /do[opr]_v1_[a-f0-9]{64}/ },
  { name: 'Shopify token', pattern: /shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}/ },
  { name: 'Discord bot token', pattern: /(?<![A-Za-z0-9])[MN][A-Za-z\d]{23,27}\.[\w-]{6}\.[\w-]{27,}/ },
  { name: 'JSON Web Token', pattern: /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/ },
  { name: 'LoopX agent token', pattern: /lpx_[A-Za-z0-9_-]{20,}/ },
  { name: 'LoopX login link token', pattern: /lpxl_[A-Za-z0-9_-]{20,}/ },
  { name: 'LoopX session token', pattern: /lpxs_[A-Za-z0-9_-]{20,}/ },
  { name: 'private key', pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/ },
  { name: 'PuTTY private key', pattern: /PuTTY-User-Key-File-\d+:/ },
  { name: 'Authorization header', pattern: /authorization\s*:\s*\S+/i },
  { name: 'bearer credential', pattern: /\bbearer\s+[A-Za-z0-9._~+/-]{16,}=*/i },
  { name: 'basic credential', pattern: /\bbasic\s+(?=[A-Za-z0-9+/]*[0-9+/=])[A-Za-z0-9+/]{12,}={0,2}/i },
  { name: 'URL credentials', pattern: /[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:[^\s/@]+@/i },
  { name: 'credential assignment', pattern: /(?:password|passwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token)=[^\s&]{6,}/i },
];

/** Data keys whose value is a credential whatever it looks like (`{"password": "…"}`). */
const CREDENTIAL_KEY = /^(?:password|passwd|pwd|secret|client[_-]?secret|api[_-]?key|apikey|x-api-key|access[_-]?token|auth[_-]?token|refresh[_-]?token|private[_-]?key|authorization|proxy-authorization|cookie|set-cookie)$/i;

/** The text with %XX escapes decoded (twice, for double encoding), or the text itself when it has none. */
function percentDecoded(text: string): string {
  let decoded = text;
  for (let round = 0; round < 2 && /%[0-9a-f]{2}/i.test(decoded); round += 1) {
    try {
      decoded = decodeURIComponent(decoded.replace(/\+/g, ' '));
    } catch {
      decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  }
  return decoded;
}

// One combined test per flag set first: almost all text is clean, and one pass beats thirty-seven.
const ANY_SECRET: readonly RegExp[] = [...new Set(SECRET_PATTERNS.map((p) => p.pattern.flags))].map(
  (flags) => new RegExp(SECRET_PATTERNS.filter((p) => p.pattern.flags === flags).map((p) => `(?:${p.pattern.source})`).join('|'), flags),
);

function secretIn(text: string): string | null {
  if (!ANY_SECRET.some((any) => any.test(text))) return null;
  return SECRET_PATTERNS.find(({ pattern }) => pattern.test(text))?.name ?? null;
}

/** The name of the first secret pattern found in the text (raw or percent-decoded), or null when it is public-safe. */
export function findSecret(text: string): string | null {
  const decoded = percentDecoded(text);
  return secretIn(text) ?? (decoded !== text ? secretIn(decoded) : null);
}

/** Walks a value: every string, every object key, and every `key: value` pair (so `{"Authorization":"Basic …"}` is seen). */
function findSecretIn(value: unknown, path: string, depth: number): { field: string; kind: string } | null {
  if (typeof value === 'string') {
    const kind = findSecret(value);
    return kind ? { field: path, kind } : null;
  }
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  for (const [key, child] of entries) {
    const field = path === '' ? key : `${path}.${key}`;
    if (!Array.isArray(value)) {
      const keyKind = findSecret(key);
      if (keyKind) return { field, kind: keyKind };
      if (typeof child === 'string') {
        if (CREDENTIAL_KEY.test(key) && child.trim().length > 0) return { field, kind: `credential field "${key}"` };
        const pairKind = findSecret(`${key}: ${child}`);
        if (pairKind) return { field, kind: pairKind };
      }
    }
    const found = findSecretIn(child, field, depth + 1);
    if (found) return found;
  }
  return null;
}

function refuseSecret(field: string, kind: string): Result<never, KernelError> {
  return fail('secret_in_text', `The ${field} looks like it contains a ${kind}. Remove the secret (reference where it lives instead) and retry.`, { field, secret_kind: kind });
}

/**
 * Refuses fields carrying a secret, naming the field and the kind of secret (never the secret). Values may be
 * text or any JSON value (evidence `data`, whole command requests): every string and key in them is checked.
 */
export function requirePublicSafe(fields: Readonly<Record<string, unknown>>): Result<true, KernelError> {
  const found = findSecretIn(fields, '', 0);
  return found ? refuseSecret(found.field, found.kind) : ok(true);
}

/** Bidirectional embedding, override and isolate controls: they reorder what a reader sees (U+202A–U+202E, U+2066–U+2069). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, 'g');

/** True when the text carries a bidirectional control character. */
export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROL.test(text);
}

/** Removes bidirectional control characters from text bound for a human (chat, web). */
export function stripBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** Absolute local paths (POSIX home/tmp or Windows drives) are redacted before text reaches a chat. */
const LOCAL_PATH = /(?:\/(?:home|Users|root|tmp|var|private)\/[^\s"'`)]+|[A-Za-z]:\\[^\s"'`)]+)/g;

/** Redacts absolute local paths in text bound for a chat surface. */
export function redactLocalPaths(text: string): string {
  return text.replace(LOCAL_PATH, '[local path]');
}
