import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Actor } from '../app/actor.js';
import type { AppDeps } from '../app/deps.js';
import { createLoopxMcpServer } from './server.js';

/** Serves one agent's tools over this process's stdin/stdout until the client closes them (`loopx mcp`). */
export async function serveMcpOverStdio(deps: AppDeps, actor: Actor): Promise<void> {
  const server = createLoopxMcpServer(deps, actor);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
