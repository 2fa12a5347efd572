#!/usr/bin/env node
// `npm test` runs this first (pretest): the browser tests drive a real Chromium through playwright-core, so the
// test command makes sure one is there. Found on the PATH: nothing to do. Missing and running as root with apt:
// install Debian's chromium (and fonts-noto-cjk, so Chinese reads in screenshots; and curl and jq, which the doc
// walkthrough test runs the README's commands with). Otherwise: stop before any
// test runs, with the one command to run, and exit non-zero. Never a silent skip.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const BROWSER_NAMES = ['chromium', 'chromium-browser'];
const PACKAGES = ['chromium', 'fonts-noto-cjk'];
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** The first executable named `name` on the PATH, or undefined. */
export function findOnPath(name, path = process.env.PATH ?? '') {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return undefined;
}

/** The Chromium the browser tests drive: the first of chromium / chromium-browser on the PATH. */
export function findChromium(path = process.env.PATH ?? '') {
  for (const name of BROWSER_NAMES) {
    const found = findOnPath(name, path);
    if (found) return found;
  }
  return undefined;
}

function say(line) {
  process.stdout.write(`[browser tests] ${line}\n`);
}

function run(command, args) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  say(`  … ${command} ${args[0]} ${result.status === 0 ? 'done' : 'failed'} in ${Math.round((Date.now() - started) / 1000)} s`);
  return result.status === 0;
}

function aptInstall(packages) {
  say(`installing ${packages.join(' and ')} from Debian's packages (one time, usually 1–2 minutes)…`);
  return run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages]);
}

function instruction() {
  return [
    '[browser tests] Chromium is not installed, and this user cannot install it.',
    '  The browser tests drive a real Chromium (through playwright-core). Install it once, then run `npm test` again:',
    `    sudo apt-get install -y ${PACKAGES.join(' ')}`,
    '  (any Chromium on the PATH as `chromium` or `chromium-browser` works too).',
  ].join('\n');
}

/** The shell tools the doc walkthrough test runs the README's commands with (test/docs/walkthroughs.test.ts). */
const SHELL_TOOLS = ['curl', 'jq'];

function main() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const canInstall = isRoot && findOnPath('apt-get') !== undefined;
  const missingTools = SHELL_TOOLS.filter((tool) => findOnPath(tool) === undefined);
  // Not fatal here: the walkthrough test says what is missing if this could not install it.
  if (canInstall && missingTools.length > 0) aptInstall(missingTools);
  if (findChromium()) {
    if (canInstall && !existsSync(CJK_FONT)) aptInstall(['fonts-noto-cjk']); // screenshots only: not fatal
    return 0;
  }
  if (!canInstall) {
    process.stderr.write(`${instruction()}\n`);
    return 1;
  }
  if (!aptInstall(PACKAGES) || !findChromium()) {
    process.stderr.write(`[browser tests] installing Chromium failed (see apt's message above).\n${instruction()}\n`);
    return 1;
  }
  say(`Chromium ready: ${findChromium()}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();
