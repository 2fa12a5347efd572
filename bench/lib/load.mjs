// Load generation with autocannon: a closed loop at N connections, or a steady arrival rate.
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';

/** A ~520-byte evidence body, like an agent's test report (perf-reliability §2.0). */
export const EVIDENCE_BODY = JSON.stringify({
  goal_id: 'bench',
  kind: 'test',
  summary: 'Unit and integration suites passed on the release branch after the retry-policy change; flaky lease-expiry test quarantined and tracked as a todo. Coverage unchanged. Next: run the soak test overnight and attach the latency histogram.',
  url: 'https://ci.example.com/runs/84213/report',
  data: { suite: 'all', passed: 412, failed: 0, skipped: 3, duration_ms: 48211, commit: '9c1f2ab' },
  delivery_outcome: 'outcome_progress',
});

/**
 * Posts evidence to `url` for `seconds`; every request carries a fresh Idempotency-Key, so every one is a new
 * event through the full write path. `rate` (requests/s over all connections) makes it a steady load.
 */
export function postEvidence(url, token, { connections = 50, seconds = 10, rate } = {}) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/v1/evidence`,
        connections,
        duration: seconds,
        ...(rate ? { overallRate: rate } : {}),
        requests: [{ method: 'POST', headers, body: EVIDENCE_BODY, setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }) }],
      },
      (error, result) => (error ? reject(error) : resolve(summarise(result))),
    );
  });
}

function summarise(result) {
  return {
    requests_per_s: Math.round(result.requests.average),
    total: result.requests.total,
    p50_ms: result.latency.p50,
    p90_ms: result.latency.p90,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    non_2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
