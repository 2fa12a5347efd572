import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The pretest step that gives `npm test` its browser. Run as a real subprocess, as a user who is not root
// (nobody, when the tests themselves run as root), with a PATH the test controls.
const SCRIPT = join(process.cwd(), 'test/setup/ensure-chromium.mjs');
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A world-readable folder holding a copy of the script and fake executables that record being called. */
function sandbox(executables: string[]): string {
  dir = mkdtempSync(join(tmpdir(), 'loopx-setup-'));
  chmodSync(dir, 0o777);
  copyFileSync(SCRIPT, join(dir, 'ensure-chromium.mjs'));
  for (const name of executables) {
    writeFileSync(join(dir, name), `#!/bin/sh\necho "$0 $*" >> "${dir}/calls.log"\n`, { mode: 0o755 });
  }
  return dir;
}

function runAsUser(folder: string) {
  return spawnSync(process.execPath, [join(folder, 'ensure-chromium.mjs')], {
    env: { PATH: folder },
    encoding: 'utf8',
    ...(isRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
}

describe('npm test provides its browser (pretest)', () => {
  it('without Chromium and without the right to install, stops with the command to run and exits non-zero', () => {
    const folder = sandbox(['apt-get']);
    const result = runAsUser(folder);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Chromium is not installed, and this user cannot install it.');
    expect(result.stderr).toContain('sudo apt-get install -y chromium fonts-noto-cjk');
    expect(existsSync(join(folder, 'calls.log')), 'apt-get must not be tried without root').toBe(false);
  });

  it('with a Chromium on the PATH, passes without installing anything', () => {
    const folder = sandbox(['apt-get', 'chromium']);
    const result = runAsUser(folder);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(existsSync(join(folder, 'calls.log'))).toBe(false);
  });

  it('runs before any test: `npm test` stops at pretest when the browser cannot be had', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    expect(scripts.test).toBe('vitest run');
    expect(scripts.pretest).toMatch(/node test\/setup\/ensure-chromium\.mjs$/);
  });
});
