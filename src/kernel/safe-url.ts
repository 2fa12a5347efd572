import { fail } from './errors.js';
import { ok, type Result } from './result.js';
import type { KernelError } from './errors.js';

/** Characters a link must not carry raw: chat markup delimiters (Slack `<url|label>`) and whitespace. */
const MARKUP_OR_SPACE = /[|<>\s"`\\]/;

/**
 * Normalises a link agents attach (`new URL(u).href`): http or https only, no user name or password, and no
 * raw markup delimiters or whitespace, so a stored link can never break out of a chat link it is put in.
 */
export function normaliseUrl(field: string, raw: string): Result<string, KernelError> {
  const refuse = (why: string) => fail('invalid_request', `The ${field} ${why}; send a plain http(s) link.`, { field });
  if (MARKUP_OR_SPACE.test(raw)) return refuse('contains whitespace or one of | < > " ` \\');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse('must use http or https');
  if (url.username !== '' || url.password !== '') return fail('secret_in_text', `The ${field} carries a user name or password; remove the credentials from the link and retry.`, { field, secret_kind: 'URL credentials' });
  return ok(url.href);
}
