import type { AppDeps } from './deps.js';
import { eventGateId, type EventRow } from '../store/events.js';

type Wake = () => void;
const watchers = new WeakMap<AppDeps, Map<string, Set<Wake>>>();

function gateIdOf(event: EventRow): string | null {
  return event.type.startsWith('gate.') ? eventGateId(event) : null;
}

function registry(deps: AppDeps): Map<string, Set<Wake>> {
  let byGate = watchers.get(deps);
  if (!byGate) {
    const created = new Map<string, Set<Wake>>();
    deps.commitListeners.push((events) => {
      for (const event of events) {
        const gateId = gateIdOf(event);
        for (const wake of (gateId && created.get(gateId)) || []) wake();
      }
    });
    watchers.set(deps, created);
    byGate = created;
  }
  return byGate;
}

/**
 * Resolves when a ledger event about `gateId` commits in this process, when `changed()` reports a change made by
 * another process (checked every `pollMs`), or after `timeoutMs`: the long-poll behind `GET /v1/gates/{gate}?wait=`.
 */
export function waitForGate(deps: AppDeps, gateId: string, timeoutMs: number, changed: () => boolean, pollMs = 1000): Promise<void> {
  const byGate = registry(deps);
  return new Promise((resolve) => {
    const wakers = byGate.get(gateId) ?? new Set<Wake>();
    byGate.set(gateId, wakers);
    const done: Wake = () => {
      clearTimeout(timer);
      clearInterval(poll);
      wakers.delete(done);
      if (wakers.size === 0) byGate.delete(gateId);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const poll = setInterval(() => changed() && done(), pollMs);
    wakers.add(done);
  });
}
