import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startWakes, type WakeRunner } from '../../src/app/agents/wake-runner.js';
import { addTodo } from '../../src/app/todos.js';
import { listEvents } from '../../src/store/events.js';
import { findTodo } from '../../src/store/todos.js';
import { listWakeEvents } from '../../src/store/wakes.js';
import { gateApp } from '../app/gate-fixture.js';
import { freshDbPath, LOOPX_BIN, runLoopxJson } from '../helpers/cli.js';
import { operator, unwrap } from '../helpers/test-app.js';
import { startWebServer, type WebTestServer } from '../helpers/web.js';
import { freePort } from '../helpers/ports.js';

// Every recipe in docs/agents.md, run exactly as written there (issue 17 #4).

const DOC = readFileSync(join(process.cwd(), 'docs/agents.md'), 'utf8');

/** The fenced blocks of the doc in a language, in order. */
function blocks(language: string): string[] {
  return [...DOC.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!.trim());
}

interface Launch {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** Puts this machine's paths and token in place of the doc's placeholders. */
function localise(launch: Launch, db: string, token: string): Launch {
  const swap = (text: string) => text.replace('/srv/loopx/dist/cli/loopx.js', LOOPX_BIN).replace('/srv/loopx/loopx.db', db).replace('lpx_…', token);
  return { command: swap(launch.command), args: launch.args.map(swap), env: Object.fromEntries(Object.entries(launch.env).map(([k, v]) => [k, swap(v)])) };
}

function fromClaude(line: string): Launch {
  const [head, tail] = line.split(' -- ');
  const env = Object.fromEntries([...head!.matchAll(/--env (\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
  const [command, ...args] = tail!.split(' ');
  return { command: command!, args, env };
}

function fromCodex(toml: string): Launch {
  const env = Object.fromEntries([.../env = \{(.*)\}/.exec(toml)![1]!.matchAll(/(\w+) = "([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  return { command: /command = "([^"]+)"/.exec(toml)![1]!, args: JSON.parse(/args = (\[.*\])/.exec(toml)![1]!), env };
}

function fromCursor(json: string): Launch {
  const server = JSON.parse(json).mcpServers.loopx;
  return { command: server.command, args: server.args, env: server.env };
}

async function toolsOf(launch: Launch): Promise<string[]> {
  const client = new Client({ name: 'recipe', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: launch.command === 'node' ? process.execPath : launch.command, args: launch.args, env: { ...(process.env as Record<string, string>), ...launch.env, LOOPX_LOG_LEVEL: 'silent' } }));
  try {
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await client.close();
  }
}

describe('the MCP recipes in docs/agents.md', { timeout: 60_000 }, () => {
  it('start loopx mcp for Claude Code, Codex and Cursor exactly as documented', async () => {
    const db = freshDbPath('loopx-recipes-');
    runLoopxJson(db, ['init']);
    runLoopxJson(db, ['goal', 'add', 'blog', '--title', 'Blog', '--objective', 'Publish']);
    const token = runLoopxJson(db, ['agent', 'add', 'writer', '--goal', 'blog']).token;
    const claude = blocks('sh').find((b) => b.startsWith('claude mcp add loopx --env'))!;
    const launches = [fromClaude(claude), fromCodex(blocks('toml')[0]!), fromCursor(blocks('json')[0]!)];
    expect(launches).toHaveLength(3);
    for (const launch of launches) expect(await toolsOf(localise(launch, db, token))).toEqual(expect.arrayContaining(['should_run', 'claim_todo', 'wait_for_gate']));
  });

  it('documents the HTTP endpoint the tests drive (/mcp with a bearer token)', () => {
    expect(blocks('sh').some((b) => b.includes('--transport http loopx http://127.0.0.1:8787/mcp --header "Authorization: Bearer lpx_…"'))).toBe(true);
    expect(JSON.parse(blocks('json')[1]!).mcpServers.loopx).toEqual({ url: 'http://127.0.0.1:8787/mcp', headers: { Authorization: 'Bearer lpx_…' } });
  });
});


async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the custom Node runner (examples/wake-runner.mjs)', { timeout: 60_000 }, () => {
  let web: WebTestServer;
  let runner: ChildProcess;
  let wakes: WakeRunner;
  afterEach(async () => {
    runner?.kill();
    wakes?.stop();
    await web?.close();
  });

  it('finishes the open todos, sleeps, is woken when a todo is added and finishes it, without polling', async () => {
    const app = await gateApp({ start: new Date().toISOString() });
    web = await startWebServer(app.deps);
    wakes = startWakes(app.deps);
    let stderr = '';
    runner = spawn(process.execPath, [join(process.cwd(), 'examples/wake-runner.mjs')], {
      env: { ...process.env, LOOPX_URL: web.url, LOOPX_AGENT_TOKEN: app.tokens.a1, LOOPX_GOAL: 'demo', WAKE_PORT: String(await freePort()) },
    });
    runner.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const idleTurns = () => listEvents(app.deps.store, { goalId: 'demo' }).filter((e) => e.type === 'turn.started' && JSON.parse(e.payload).selected_todo_id === null).length;
    const turns = () => listEvents(app.deps.store, { goalId: 'demo' }).filter((e) => e.type === 'turn.started').length;

    await until(() => idleTurns() === 1 || stderr !== '', 'the runner to go idle');
    expect(stderr).toBe('');
    expect([app.todoA, app.todoB].map((id) => findTodo(app.deps.store, id)?.status)).toEqual(['done', 'done']);
    expect(turns()).toBe(3);

    const added = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Write the launch email' })).todo.id;
    await until(() => idleTurns() === 2 || stderr !== '', 'the woken runner to finish and idle again');
    expect(stderr).toBe('');
    expect(findTodo(app.deps.store, added)).toMatchObject({ status: 'done', completedBy: 'agent:a1' });
    expect(turns()).toBe(5);
    expect(listWakeEvents(app.deps.store, 'a1').map((e) => [e.type, e.state])).toEqual([['work.available', 'delivered']]);
  });
});
