import { connect } from 'node:net';

/** What came back on a raw connection: the status line's code (0 when the server just closed) and the text. */
export interface RawAnswer {
  readonly status: number;
  readonly text: string;
}

/** How to send the raw bytes: all at once, or trickled (slow senders), and whether to half-close afterwards. */
export interface RawSendOptions {
  /** Delay between parts, in ms (slowloris). */
  readonly gapMs?: number;
  /** Half-close the connection after the last part (a truncated request). */
  readonly endAfterSend?: boolean;
  /** Give up waiting for an answer after this many ms (the test fails on the status then). */
  readonly waitMs?: number;
}

/**
 * Sends hand-written HTTP bytes to 127.0.0.1:port, for requests fetch refuses to make (malformed framing,
 * smuggling, trickled headers). Resolves with the first response, or status 0 if the server closed silently.
 */
export function sendRaw(port: number, parts: readonly (string | Buffer)[], options: RawSendOptions = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(giveUp);
      socket.destroy();
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: match ? Number(match[1]) : 0, text });
    };
    const giveUp = setTimeout(finish, options.waitMs ?? 5_000);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (/\r\n\r\n/.test(text)) setTimeout(finish, 20);
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', async () => {
      for (const part of parts) {
        if (done || socket.destroyed) return;
        socket.write(part);
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      }
      if (options.endAfterSend && !socket.destroyed) socket.end();
    });
  });
}
