import { ERROR_TABLE, type KernelError } from '../kernel/errors.js';
import type { HttpResponse } from './types.js';

/** The HTTP answer for an expected failure: the status from the one error table, the typed JSON body. */
export function errorResponse(error: KernelError, headers?: Record<string, string>): HttpResponse {
  const body = { error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } };
  return headers ? { status: ERROR_TABLE[error.code].http, body, headers } : { status: ERROR_TABLE[error.code].http, body };
}
