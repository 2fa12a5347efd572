import { defineConfig } from 'vitest/config';

// LOOPX_TEST_REPORT (set by .ci/run) adds a JSON report so CI can print "N passed, N failed".
const report = process.env.LOOPX_TEST_REPORT;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Generous: subprocess and browser tests run on a 2-core machine that may be busy; no test waits on time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: report ? ['default', ['json', { outputFile: report }]] : ['default'],
  },
});
