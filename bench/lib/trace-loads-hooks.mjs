import { appendFileSync } from 'node:fs';

export async function load(url, context, next) {
  if (process.env.LOOPX_TRACE_LOADS) appendFileSync(process.env.LOOPX_TRACE_LOADS, `${url}\n`);
  return next(url, context);
}
