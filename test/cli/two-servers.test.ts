import { afterAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error plain-JS benchmark helpers
import { startServe, stop } from '../../bench/lib/loopx.mjs';
// @ts-expect-error plain-JS benchmark helpers
import { startSlackStub } from '../../bench/lib/slack-stub.mjs';
import { openStore } from '../../src/store/db.js';
import { outboxCounts } from '../../src/store/outbox.js';
import { freshDbPath, runLoopx, runLoopxJson } from '../helpers/cli.js';

interface SlackMessage { channel: string; ts: string; blocks: unknown; metadata?: { event_payload?: { card_key?: string } } }
type Serve = { child: import('node:child_process').ChildProcess; url: string };

const BOARD = 'C0TWOSERV1';
const DIGESTS = ['C0DIGEST01', 'C0DIGEST02', 'C0DIGEST03'];

/** The first whole UTC minute at least 15 s away (HH:MM): the digests fire then, after the kill. */
function digestMinute(): string {
  const at = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
  return at.toISOString().slice(11, 16);
}

describe('two `loopx serve` on one database: no double sends, a crashed sender is replaced', () => {
  const db = freshDbPath('loopx-two-');
  const servers: Serve[] = [];
  let slack: { apiUrl: string; messages: SlackMessage[]; calls: { at: number; caller: string | null }[]; close(): Promise<void> } | undefined;
  afterAll(async () => {
    for (const serve of servers) await stop(serve.child, 'SIGTERM');
    await slack?.close();
  });

  it('200 changes across both servers and 3 digest firings, the sender killed mid-way: every card and digest posted exactly once, outbox drained', async () => {
    runLoopxJson(db, ['init']);
    runLoopxJson(db, ['person', 'add', 'ana', '--name', 'Ana']);
    runLoopxJson(db, ['goal', 'add', 'demo', '--title', 'Launch', '--objective', 'Ship the launch', '--owner', 'ana']);
    const token = runLoopxJson(db, ['agent', 'add', 'a1', '--goal', 'demo']).token as string;
    runLoopxJson(db, ['goal', 'bind', 'demo', '--slack', BOARD, '--purpose', 'board', '--purpose', 'gates']);
    const at = digestMinute();
    for (const channel of DIGESTS) runLoopxJson(db, ['goal', 'bind', 'demo', '--slack', channel, '--purpose', 'digest', '--digest-at', at, '--digest-timezone', 'UTC']);
    slack = await startSlackStub({ token: 'xoxb-two', postLatencyMs: [0, 20] });
    const env = { LOOPX_DB: db, LOOPX_DEMO: 'off', LOOPX_SENDER_LEASE_SECONDS: '2', SLACK_BOT_TOKEN: 'xoxb-two' };
    // Each server calls the stub under its own path, so the test can tell who sent what.
    const first: Serve = await startServe({ ...env, SLACK_API_URL: slack.apiUrl.replace('/api/', '/first/api/') });
    const second: Serve = await startServe({ ...env, SLACK_API_URL: slack.apiUrl.replace('/api/', '/second/api/') });
    servers.push(first, second);
    expect(runLoopx(db, ['doctor']).stdout).toMatch(/servers: 2 servers share this database; pid \d+ on .* sends cards and runs jobs/);

    const send = async (serve: Serve, path: string, body: object) => {
      const response = await fetch(`${serve.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      expect(response.status, await response.text()).toBeLessThan(300);
    };
    let gates = 0;
    let killedAt = 0;
    for (let change = 0; change < 200; change += 1) {
      // Half-way the sender (the first server, which took the role) dies without a word; the second goes on alone.
      if (change === 100) {
        await stop(first.child, 'SIGKILL');
        killedAt = Date.now();
      }
      const serve = change >= 100 || change % 2 === 1 ? second : first;
      if (change % 20 === 0) {
        gates += 1;
        await send(serve, '/v1/goals/demo/gates', { question: `May we ship part ${change}?` });
      } else {
        await send(serve, '/v1/goals/demo/todos', { text: `Change ${change} of the launch` });
      }
    }

    const store = openStore({ path: db });
    try {
      const digestRuns = () => store.all(store.kysely.selectFrom('job_runs').select('key').where('job', '=', 'digest')).length;
      await vi.waitFor(
        () => {
          expect(digestRuns()).toBe(3);
          expect(slack!.messages.filter((m) => DIGESTS.includes(m.channel))).toHaveLength(3);
          expect(outboxCounts(store)).toEqual({ pending: 0, dead: 0 });
        },
        { interval: 250, timeout: 100_000 },
      );
      const posted = slack.messages.filter((m) => m.channel === BOARD && m.metadata?.event_payload?.card_key !== undefined).map((m) => m.metadata!.event_payload!.card_key!);
      expect(posted.filter((key) => key.startsWith('gate:'))).toHaveLength(gates);
      expect(posted.filter((key) => key === 'goal:demo')).toHaveLength(1);
      expect(new Set(posted).size).toBe(posted.length);
      for (const channel of DIGESTS) expect(slack.messages.filter((m) => m.channel === channel)).toHaveLength(1);
      // One sender at a time: the standby made no Slack call while the first server lived, and took over after.
      expect(slack.calls.filter((c) => c.caller === 'second' && c.at < killedAt)).toEqual([]);
      expect(slack.calls.filter((c) => c.caller === 'first').length).toBeGreaterThan(0);
      expect(slack.calls.filter((c) => c.caller === 'second').length).toBeGreaterThan(0);
      // The survivor took over the role: the last board render it sent shows the last change.
      expect(JSON.stringify(slack.messages.find((m) => m.metadata?.event_payload?.card_key === 'goal:demo')?.blocks)).toMatch(/190|Change 199/);
    } finally {
      store.close();
    }
  }, 150_000);
});
