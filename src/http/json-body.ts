import type { z } from 'zod';
import { kernelError, type KernelError } from '../kernel/errors.js';
import { err, ok, type Result } from '../kernel/result.js';
import type { HttpRequest } from './types.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

class UnsafeString extends Error {}

// Lone surrogates and NUL bytes are valid JSON but poison storage and chat payloads: refuse them at the edge.
function refuseUnsafeStrings(_key: string, value: unknown): unknown {
  if (typeof value === 'string' && (value.includes('\u0000') || !value.isWellFormed())) throw new UnsafeString();
  return value;
}

/** Decodes, parses and validates a JSON body: 415, 400 or 422 with the offending path, never a throw. */
export function parseJsonBody<S extends z.ZodType>(request: HttpRequest, schema: S): Result<z.infer<S>, KernelError> {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return err(kernelError('unsupported_media_type', 'Send the body as JSON with `Content-Type: application/json`.'));
  }
  let parsed: unknown;
  try {
    const text = request.body.length === 0 ? '{}' : strictUtf8.decode(request.body);
    parsed = JSON.parse(text, refuseUnsafeStrings);
  } catch (error) {
    if (error instanceof UnsafeString) return err(kernelError('invalid_request', 'Strings must be well-formed Unicode without NUL characters.'));
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
