import type { z } from 'zod';
import { kernelError, type KernelError } from '../kernel/errors.js';
import { hasBidiControl } from '../kernel/public-safe.js';
import { err, ok, type Result } from '../kernel/result.js';
import type { HttpRequest } from './types.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

class UnsafeString extends Error {}
class UnsafeValue extends Error {
  constructor(readonly why: string) {
    super(why);
  }
}

function isUnsafe(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed() || hasBidiControl(text);
}

// Lone surrogates, NUL bytes and bidirectional controls (which reorder what a reader sees: "Trojan Source")
// are valid JSON but poison storage and chat payloads: refuse them at the edge, in object keys as well as values.
// A number too large for a double (`1e400`) parses as Infinity and would be stored as null; a `__proto__` key,
// at any depth, would be dropped or reach a prototype: both are refused rather than silently changed.
function refuseUnsafeStrings(key: string, value: unknown): unknown {
  if (isUnsafe(key) || (typeof value === 'string' && isUnsafe(value))) throw new UnsafeString();
  if (typeof value === 'number' && !Number.isFinite(value)) throw new UnsafeValue(`${key || 'a number'} is too large to store exactly; send it as a string`);
  if (key === '__proto__') throw new UnsafeValue('the key "__proto__" is not accepted; rename it');
  return value;
}

/** Bodies nesting deeper than this are refused before parsing: deep documents only serve to exhaust the stack. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

// One pass over the raw bytes, skipping string contents, so the depth check costs no recursion and no allocation.
function nestingDepth(body: Buffer): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < body.length; i += 1) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (OPENERS.has(byte ?? 0)) deepest = Math.max(deepest, (depth += 1));
    else if (CLOSERS.has(byte ?? 0)) depth -= 1;
  }
  return deepest;
}

/** Decodes, parses and validates a JSON body: 415, 400 or 422 with the offending path, never a throw. */
export function parseJsonBody<S extends z.ZodType>(request: HttpRequest, schema: S): Result<z.infer<S>, KernelError> {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return err(kernelError('unsupported_media_type', 'Send the body as JSON with `Content-Type: application/json`.'));
  }
  if (nestingDepth(request.body) > MAX_JSON_DEPTH) {
    return err(kernelError('invalid_request', `The JSON nests deeper than ${MAX_JSON_DEPTH} levels; keep evidence data shallow and link to large artefacts.`));
  }
  let parsed: unknown;
  try {
    const text = request.body.length === 0 ? '{}' : strictUtf8.decode(request.body);
    parsed = JSON.parse(text, refuseUnsafeStrings);
  } catch (error) {
    if (error instanceof UnsafeValue) return err(kernelError('invalid_request', `Invalid request: ${error.why}.`));
    if (error instanceof UnsafeString) return err(kernelError('invalid_request', 'Strings must be well-formed Unicode without NUL or bidirectional control characters (U+202A–U+202E, U+2066–U+2069).'));
    return err(kernelError('invalid_json', 'The body is not valid UTF-8 JSON; check quoting and encoding.'));
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 10).map((i) => ({ path: i.path.map(String).join('.') || '(body)', message: i.message }));
    const first = issues[0];
    return err(kernelError('invalid_request', `Invalid request: ${first ? `${first.path}: ${first.message}` : 'schema mismatch'}.`, { issues }));
  }
  return ok(result.data);
}
