import { goalStatus } from '../dist/src/app/queries/goal-status.js';
import { openStore } from '../dist/src/store/db.js';
const store = openStore({ path: '/tmp/loopx-scale-tj7yBt/loopx.db' });
const now = new Date();
for (let i = 0; i < 5; i++) goalStatus(store, 'big', now);
globalThis.__reset?.();
const ts = [];
for (let i = 0; i < 30; i++) { const t = performance.now(); goalStatus(store, 'big', now); ts.push(performance.now() - t); }
ts.sort((a, b) => a - b); console.log('status p50', ts[15].toFixed(2), 'max', ts[29].toFixed(2));
