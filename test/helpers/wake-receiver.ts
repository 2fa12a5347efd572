import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got. */
export interface ReceivedWake {
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly atMs: number;
}

/** A local HTTP receiver for wake events that can go down and come back on the same port. */
export interface WakeReceiver {
  readonly url: string;
  readonly received: ReceivedWake[];
  /** Answers 503 to everything until `up()`. */
  down(): void;
  up(): void;
  /** Resolves with the `n`-th delivery (1-based) once it has arrived, or rejects after `timeoutMs`. */
  nth(n: number, timeoutMs?: number): Promise<ReceivedWake>;
  close(): Promise<void>;
}

export async function startWakeReceiver(): Promise<WakeReceiver> {
  const received: ReceivedWake[] = [];
  let available = true;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (!available) {
        response.writeHead(503).end();
        return;
      }
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8'), atMs: performance.now() });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/wake`,
    received,
    down: () => {
      available = false;
    },
    up: () => {
      available = true;
    },
    async nth(n, timeoutMs = 5000) {
      const until = performance.now() + timeoutMs;
      while (received.length < n) {
        if (performance.now() > until) throw new Error(`only ${received.length} wake(s) arrived, expected ${n}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return received[n - 1]!;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
