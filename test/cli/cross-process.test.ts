import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error plain-JS benchmark helpers
import { startLarkStub } from '../../bench/lib/lark-stub.mjs';
// @ts-expect-error plain-JS benchmark helpers
import { startServe, stop } from '../../bench/lib/loopx.mjs';
// @ts-expect-error plain-JS benchmark helpers
import { startSlackStub } from '../../bench/lib/slack-stub.mjs';
import { freshDbPath, LOOPX_BIN, runLoopxJson } from '../helpers/cli.js';

const run = promisify(execFile);

/** The bar: a change made by another process shows on every surface within a second. */
const WITHIN_MS = 1_000;

interface SlackMessage { channel: string; ts: string; blocks: unknown; metadata?: { event_payload?: { card_key?: string } } }
interface LarkMessage { chat: string; content: string; parent: string | null; at: number }

/** Slack, Lark and the live stream each saw the change within the bar. */
function expectWithinASecond(took: { slack: number; lark: number; live: number }): void {
  for (const [where, ms] of Object.entries(took)) expect(ms, where).toBeLessThanOrEqual(WITHIN_MS);
}

describe('any writer, every surface: a second process changes the database, the running server converges', () => {
  const db = freshDbPath('loopx-cross-');
  const env = { LOOPX_DB: db, LOOPX_LOG_LEVEL: 'silent', LOOPX_DEMO: 'off' };
  let slack: { apiUrl: string; messages: SlackMessage[]; calls: { at: number }[]; close(): Promise<void> };
  let lark: { url: string; messages: Map<string, LarkMessage>; calls: { at: number }[]; close(): Promise<void> };
  let serve: { child: import('node:child_process').ChildProcess; url: string };
  let gateId = '';
  const live: { at: number; data: string }[] = [];
  const sse = new AbortController();

  /** The CLI as a separate process (async, so the stubs in this process keep answering); resolves at its exit. */
  async function cli(args: readonly string[]): Promise<number> {
    await run(process.execPath, [LOOPX_BIN, ...args], { env: { ...process.env, ...env } });
    return Date.now();
  }
  const slackCard = (key: string) => JSON.stringify(slack.messages.find((m) => m.metadata?.event_payload?.card_key === key)?.blocks ?? '');
  const larkCards = () => [...lark.messages.values()].filter((m) => m.parent === null).map((m) => m.content);
  /** Waits until both stubs and the live stream have seen `what`, and answers how long each took after `since`. */
  async function seenEverywhere(since: number, slackShows: () => boolean, larkShows: () => boolean): Promise<{ slack: number; lark: number; live: number }> {
    const seen = { slack: 0, lark: 0, live: 0 };
    await expect
      .poll(
        () => {
          if (!seen.slack && slackShows()) seen.slack = Date.now() - since;
          if (!seen.lark && larkShows()) seen.lark = Date.now() - since;
          const frame = live.find((f) => f.at >= since - 50);
          if (!seen.live && frame) seen.live = Math.max(1, frame.at - since);
          return seen.slack > 0 && seen.lark > 0 && seen.live !== 0 ? 'seen' : JSON.stringify(seen);
        },
        { interval: 10, timeout: 15_000 },
      )
      .toBe('seen');
    return seen;
  }
  /** Card updates of one message are paced (Slack: one progress update a second); let the last step's settle first. */
  async function quiet(): Promise<void> {
    const lastCall = () => Math.max(0, ...slack.calls.map((c) => c.at), ...lark.calls.map((c) => c.at));
    await vi.waitFor(() => expect(Date.now() - lastCall()).toBeGreaterThan(1_200), { interval: 100, timeout: 15_000 });
  }

  beforeAll(async () => {
    runLoopxJson(db, ['init']);
    runLoopxJson(db, ['person', 'add', 'ana', '--name', 'Ana']);
    runLoopxJson(db, ['goal', 'add', 'demo', '--title', 'Launch', '--objective', 'Ship the launch', '--owner', 'ana']);
    runLoopxJson(db, ['goal', 'bind', 'demo', '--slack', 'C0CROSS01', '--purpose', 'board', '--purpose', 'gates']);
    runLoopxJson(db, ['goal', 'bind', 'demo', '--lark', 'oc_cross', '--purpose', 'board', '--purpose', 'gates', '--locale', 'en']);
    gateId = runLoopxJson(db, ['gate', 'ask', 'demo', 'May we publish the post?', '--global']).gate.id;
    slack = await startSlackStub({ token: 'xoxb-cross', postLatencyMs: [0, 0] });
    lark = await startLarkStub({ appSecret: 'lark-secret' });
    serve = await startServe({
      ...env,
      SLACK_BOT_TOKEN: 'xoxb-cross',
      SLACK_API_URL: slack.apiUrl,
      LARK_APP_ID: 'cli_cross',
      LARK_APP_SECRET: 'lark-secret',
      LARK_DOMAIN: lark.url,
      LARK_MODE: 'webhook',
      LARK_ENCRYPT_KEY: 'encrypt-key',
      LARK_VERIFICATION_TOKEN: 'verify-token',
    });
    // Both cards posted on both surfaces before any change is measured.
    await vi.waitFor(() => expect(slack.messages.length + larkCards().length).toBe(4), { interval: 20, timeout: 15_000 });
    const response = await fetch(`${serve.url}/live`, { signal: sse.signal });
    void (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        for (const frame of decoder.decode(chunk).split('\n\n')) if (frame.includes('event: change')) live.push({ at: Date.now(), data: frame });
      }
    })().catch(() => undefined);
    await quiet();
  }, 60_000);

  afterAll(async () => {
    sse.abort();
    if (serve) await stop(serve.child, 'SIGTERM');
    await slack?.close();
    await lark?.close();
  });

  it('amend from the CLI: the gate card shows the new question on Slack and Lark, and the live stream hears it, within 1 s', async () => {
    const done = await cli(['gate', 'amend', gateId, '--question', 'May we publish the post on Friday?']);
    const took = await seenEverywhere(done, () => slackCard(`gate:${gateId}`).includes('on Friday?'), () => larkCards().some((c) => c.includes('on Friday?')));
    expectWithinASecond(took);
  }, 30_000);

  it('approve from the CLI: the gate card shows the decision and loses its buttons everywhere, within 1 s', async () => {
    await quiet();
    const done = await cli(['gate', 'approve', gateId, '--as', 'ana']);
    const decided = (card: string) => card.includes('on Friday?') && card.includes('Approved by') && !card.includes('"actions"');
    const took = await seenEverywhere(done, () => decided(slackCard(`gate:${gateId}`)), () => larkCards().some((c) => c.includes('on Friday?') && c.includes('Approved by') && !c.includes('"button"')));
    expectWithinASecond(took);
  }, 30_000);

  it('add a todo from the CLI: the board card lists it on Slack and Lark, within 1 s', async () => {
    await quiet();
    const done = await cli(['todo', 'add', 'demo', 'Proofread the launch post']);
    const took = await seenEverywhere(done, () => slackCard('goal:demo').includes('Proofread the launch post'), () => larkCards().some((c) => c.includes('Proofread the launch post')));
    expectWithinASecond(took);
  }, 30_000);
});
