import { clearWake, setWake, showWake, testWake, wakeToWire } from '../../app/agents/wake.js';
import { WakeRequest } from '../../contract/wake-wire.js';
import { respond, withBody, type Route } from './route.js';

/** An agent's own wake URL (Standard Webhooks): set, read, test, clear. */
export const wakeRoutes: readonly Route[] = [
  {
    method: 'PUT',
    pattern: '/v1/agents/me/wake',
    handle: (call) => withBody(call, WakeRequest, (body) => respond(setWake(call.deps, call.origin, call.actor.id, body.url), (v) => ({ wake: wakeToWire(v) }))),
  },
  {
    method: 'GET',
    pattern: '/v1/agents/me/wake',
    handle: (call) => respond(showWake(call.deps, call.actor.id), (v) => ({ wake: wakeToWire(v) })),
  },
  {
    method: 'DELETE',
    pattern: '/v1/agents/me/wake',
    handle: (call) => respond(clearWake(call.deps, call.origin, call.actor.id), (v) => v),
  },
  {
    method: 'POST',
    pattern: '/v1/agents/me/wake/test',
    handle: async (call) => respond(await testWake(call.deps, call.actor.id), (r) => ({ test: { delivered: true, url: r.url, status: r.status, ms: r.ms } })),
  },
];
