import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The dependency direction of docs/architecture.md, as assertions over every import in the source tree.

const ROOT = process.cwd();
const SOURCE_DIRS = ['src', 'adapters', 'cards', 'jobs'];

interface Import {
  readonly file: string;
  readonly specifier: string;
  /** Repo-relative path for relative imports, else the package name. */
  readonly target: string;
  readonly typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[3] ?? '';
    const target = specifier.startsWith('.') ? relative(ROOT, resolve(dirname(file), specifier)) : specifier;
    found.push({ file: relative(ROOT, file), specifier, target, typeOnly: match[2] !== undefined });
  }
  for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const specifier = match[1] ?? '';
    const target = specifier.startsWith('.') ? relative(ROOT, resolve(dirname(file), specifier)) : specifier;
    found.push({ file: relative(ROOT, file), specifier, target, typeOnly: false });
  }
  return found;
}

const ALL = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap(importsOf);
const under = (prefix: string) => (i: Import) => i.file.startsWith(prefix);
const isPackage = (i: Import) => !i.specifier.startsWith('.');

function violations(filter: (i: Import) => boolean, allowed: (i: Import) => boolean): string[] {
  return ALL.filter(filter)
    .filter((i) => !allowed(i))
    .map((i) => `${i.file} imports ${i.specifier}`);
}

describe('import boundaries', () => {
  it('found the source tree', () => {
    expect(ALL.length).toBeGreaterThan(50);
  });

  it('keeps the kernel pure: zod and itself only', () => {
    expect(violations(under('src/kernel/'), (i) => i.specifier === 'zod' || i.target.startsWith('src/kernel/'))).toEqual([]);
  });

  it('lets contract import only zod, the kernel and itself', () => {
    expect(violations(under('src/contract/'), (i) => i.specifier === 'zod' || i.target.startsWith('src/kernel/') || i.target.startsWith('src/contract/'))).toEqual([]);
  });

  it('keeps cards pure: kernel, contract and cards only', () => {
    expect(violations(under('cards/'), (i) => i.target.startsWith('src/kernel/') || i.target.startsWith('src/contract/') || i.target.startsWith('cards/'))).toEqual([]);
  });

  it('keeps the store below the app: no app, http, cli, adapters or jobs', () => {
    expect(violations(under('src/store/'), (i) => isPackage(i) || /^src\/(kernel|contract|store)\//.test(i.target))).toEqual([]);
  });

  it('keeps the app free of transports and adapters', () => {
    expect(violations(under('src/app/'), (i) => isPackage(i) || /^src\/(kernel|contract|store|app)\//.test(i.target) || i.target.startsWith('cards/'))).toEqual([]);
  });

  it('keeps adapters off the store and off each other', () => {
    const broken = ALL.filter(under('adapters/')).filter((i) => {
      if (i.target.startsWith('src/store/')) return true;
      const own = i.file.split('/')[1];
      const other = /^adapters\/([^/]+)\//.exec(i.target)?.[1];
      return other !== undefined && other !== own;
    });
    expect(broken.map((i) => `${i.file} imports ${i.specifier}`)).toEqual([]);
  });

  it.each([
    ['better-sqlite3', ['src/store/db.ts']],
    ['node-cron', ['jobs/schedule.ts']],
    ['@slack/', ['adapters/slack/bolt.ts']],
    ['@larksuiteoapi/', ['adapters/lark/sdk.ts']],
    ['node:http', ['src/http/serve.ts']],
    ['@modelcontextprotocol/', ['src/mcp/server.ts', 'src/mcp/http.ts', 'src/mcp/stdio.ts']],
  ])('imports %s (at run time) only from its one file', (pkg, allowedFiles) => {
    const users = ALL.filter((i) => i.specifier.startsWith(pkg) && !i.typeOnly).map((i) => i.file);
    expect(users.filter((f) => !allowedFiles.includes(f))).toEqual([]);
  });
});
