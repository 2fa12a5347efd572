import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { AppDeps } from '../app/deps.js';
import { kernelError } from '../kernel/errors.js';
import { authenticateAgent } from '../http/agent-auth.js';
import { errorResponse } from '../http/errors.js';
import type { HttpHandler, HttpRequest, HttpResponse } from '../http/types.js';
import { createLoopxMcpServer } from './server.js';
import { MCP_PATH } from './path.js';


function webRequest(request: HttpRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`http://loopx.local${request.path}`, { method: request.method, headers, body: request.body });
}

async function fromWebResponse(response: Response): Promise<HttpResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const text = await response.text();
  return { status: response.status, headers: { 'content-type': headers['content-type'] ?? 'application/json', ...headers }, body: text };
}

/**
 * `POST /mcp`: MCP over Streamable HTTP, stateless and answered as JSON. The same bearer token (and signature, for
 * a signing agent) as `/v1`, checked before anything else; each request gets a fresh server for its agent, so no
 * session state lives in memory and any server process can answer.
 */
export function createMcpHandler(deps: AppDeps): HttpHandler {
  return async (request) => {
    if (request.path !== MCP_PATH) return errorResponse(kernelError('not_found', `Nothing at ${request.path}; MCP is at ${MCP_PATH}.`));
    if (request.method !== 'POST') return errorResponse(kernelError('method_not_allowed', 'MCP here is stateless JSON over POST; there is no event stream to GET.'), { allow: 'POST' });
    const actor = authenticateAgent(deps, request, deps.clock.now());
    if (!actor.ok) return errorResponse(actor.error);
    const server = createLoopxMcpServer(deps, actor.value);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await fromWebResponse(await transport.handleRequest(webRequest(request)));
    } finally {
      await server.close();
    }
  };
}
