import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/http.js';
import { sendRaw } from '../helpers/raw-http.js';
import type { TestApp } from '../helpers/test-app.js';
import type { HostileTarget } from './hostile-corpus.js';
import { rowCounts, startHostileTarget } from './hostile-fixture.js';

// Slow senders need real time to pass; the server runs with 300 ms / 600 ms timeouts so each case takes < 1 s.
let app: TestApp;
let server: TestServer;
let target: HostileTarget;

beforeAll(async () => {
  ({ app, server, target } = await startHostileTarget({ LOOPX_HEADERS_TIMEOUT_MS: '300', LOOPX_REQUEST_TIMEOUT_MS: '600' }));
});
afterAll(() => server.close());

function head(length: number): string {
  return `POST /v1/evidence HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${target.token}\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n`;
}

const body = () => JSON.stringify({ goal_id: target.goalId, kind: 'test', summary: 'slow sender' });

describe('slow and truncated senders', () => {
  it('answers 408 to headers trickled one byte at a time (slowloris) and writes nothing', async () => {
    const before = rowCounts(app.deps);
    const bytes = [...head(body().length)].slice(0, 40);
    const answer = await sendRaw(target.port, bytes, { gapMs: 50, waitMs: 3_000 });
    expect(answer.status).toBe(408);
    expect(rowCounts(app.deps)).toEqual(before);
  });

  it('answers 408 to a body that never finishes arriving and writes nothing', async () => {
    const before = rowCounts(app.deps);
    const full = body();
    const answer = await sendRaw(target.port, [head(full.length), full.slice(0, 10)], { waitMs: 3_000 });
    expect(answer.status).toBe(408);
    expect(rowCounts(app.deps)).toEqual(before);
  });

  it('writes nothing when the sender half-closes mid-body, and keeps serving', async () => {
    const before = rowCounts(app.deps);
    const full = body();
    const answer = await sendRaw(target.port, [head(full.length), full.slice(0, 10)], { endAfterSend: true, waitMs: 3_000 });
    expect(answer.status === 0 || (answer.status >= 400 && answer.status < 500)).toBe(true);
    expect(rowCounts(app.deps)).toEqual(before);
    expect((await fetch(`${target.url}/healthz`)).status).toBe(200);
  });

  it('still accepts a complete request on the same server after the slow ones', async () => {
    const full = body();
    const answer = await sendRaw(target.port, [head(Buffer.byteLength(full)), full]);
    expect(answer.status).toBe(201);
  });
});
