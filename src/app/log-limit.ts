/** Keys remembered at most: a flood of distinct messages must not grow memory without bound. */
const MAX_KEYS = 1_000;

/**
 * Rate-limits repeated log lines: the first line per key per window is logged, the rest are counted. Returns
 * how many were held back since the last logged one (log it with the line), or null to skip this one.
 */
export function createLogLimiter(now: () => number, windowMs = 60_000): (key: string) => number | null {
  const seen = new Map<string, { at: number; suppressed: number }>();
  return (key) => {
    const at = now();
    const last = seen.get(key);
    if (last && at - last.at < windowMs) {
      last.suppressed += 1;
      return null;
    }
    if (seen.size >= MAX_KEYS) seen.clear();
    seen.set(key, { at, suppressed: 0 });
    return last?.suppressed ?? 0;
  };
}
