// `node --import ./bench/lib/trace-loads.mjs …` appends every module URL the process loads to $LOOPX_TRACE_LOADS
// (one per line): which code a CLI command really pulls in. Used by test/cli/startup.test.ts and bench/cli.mjs.
import { register } from 'node:module';

register(new URL('./trace-loads-hooks.mjs', import.meta.url));
