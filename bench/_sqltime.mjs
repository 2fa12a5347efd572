// usage: imported before scale — wraps Database.prototype.prepare
import Database from 'better-sqlite3';
const stats = new Map();
const orig = Database.prototype.prepare;
Database.prototype.prepare = function (sql) {
  const st = orig.call(this, sql);
  for (const m of ['all', 'get', 'run']) {
    const f = st[m].bind(st);
    st[m] = (...a) => { const t = performance.now(); try { return f(...a); } finally { const s = stats.get(sql) ?? { n: 0, ms: 0 }; s.n++; s.ms += performance.now() - t; stats.set(sql, s); } };
  }
  return st;
};
globalThis.__reset = () => stats.clear();
process.on('exit', () => { [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12).forEach(([sql, s]) => console.log(s.ms.toFixed(0).padStart(7), String(s.n).padStart(6), sql.replace(/\s+/g, " ").slice(0, 200))); });
