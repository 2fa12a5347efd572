import { fail, type KernelError } from './errors.js';
import { ok, type Result } from './result.js';

/** Patterns for secrets that must never be stored in public-safe text or reach a chat. */
const SECRET_PATTERNS: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/ },
  { name: 'Slack app token', pattern: /\bxapp-\d-[A-Za-z0-9-]{10,}/ },
  { name: 'Slack webhook URL', pattern: /hooks\.slack\.com\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]+/ },
  { name: 'Lark/Feishu token', pattern: /\b[tu]-[A-Za-z0-9]{20,}\b/ },
  { name: 'OpenAI-style API key', pattern: /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}/ },
  { name: 'GitHub token', pattern: /\bgh[pousr]_[A-Za-z0-9]{30,}/ },
  { name: 'AWS access key', pattern: /\bAKIA[0-9A-Z]{16}\b/ },
  { name: 'LoopX agent token', pattern: /\blpx_[A-Za-z0-9_-]{20,}/ },
  { name: 'private key', pattern: /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/ },
  { name: 'Authorization header', pattern: /\bauthorization\s*:\s*\S+/i },
  { name: 'bearer credential', pattern: /\bbearer\s+[A-Za-z0-9._~+/-]{16,}/i },
];

/** The name of the first secret pattern found in the text, or null when it is public-safe. */
export function findSecret(text: string): string | null {
  for (const { name, pattern } of SECRET_PATTERNS) {
    if (pattern.test(text)) return name;
  }
  return null;
}

/** Refuses text fields carrying a secret, naming the field and the kind of secret (never the secret). */
export function requirePublicSafe(fields: Readonly<Record<string, string | null | undefined>>): Result<true, KernelError> {
  for (const [field, value] of Object.entries(fields)) {
    if (!value) continue;
    const found = findSecret(value);
    if (found) {
      return fail('secret_in_text', `The ${field} looks like it contains a ${found}. Remove the secret (reference where it lives instead) and retry.`, {
        field,
        secret_kind: found,
      });
    }
  }
  return ok(true);
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
