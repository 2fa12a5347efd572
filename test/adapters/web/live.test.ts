import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addTodo } from '../../../src/app/todos.js';
import { createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';
import { startWebServer, type WebTestServer } from '../../helpers/web.js';

let app: TestApp;
let server: WebTestServer;

beforeEach(async () => {
  app = await createTestApp();
  seedGoal(app.deps);
  server = await startWebServer(app.deps);
});
afterEach(() => server.close());

/** Reads the stream until `marker` arrives (the server only writes on connect and on commits). */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, marker: string): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes(marker)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text;
}

describe('live updates over server-sent events', () => {
  it('sends one change event per commit, naming the goals it touched', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/live`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await readUntil(reader, 'retry:');
    unwrap(addTodo(app.deps, operator, 'demo', { text: 'A new todo' }));
    const frame = await readUntil(reader, '\n\n');
    expect(frame).toMatch(/^event: change\ndata: \{"seq":\d+,"goals":\["demo"\]\}\n\n/);
    controller.abort();
  });

  it('refuses anything but GET', async () => {
    expect((await fetch(`${server.url}/live`, { method: 'POST' })).status).toBe(405);
  });
});
