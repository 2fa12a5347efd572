import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDbPath, runLoopx, runLoopxJson } from '../helpers/cli.js';

// Issue 12 items 1, 3 and 6 through the built binary: `loopx grant list|show|revoke`, `gate approve
// --grant-expires-in`, a late approval, and options.

let db: string;

beforeAll(() => {
  db = freshDbPath('loopx-grant-cli-');
  runLoopxJson(db, ['init']);
  runLoopxJson(db, ['person', 'add', 'ana', '--name', 'Ana']);
  runLoopxJson(db, ['person', 'add', 'bo', '--name', 'Bo']);
  runLoopxJson(db, ['goal', 'add', 'blog', '--title', 'Blog', '--objective', 'Publish', '--owner', 'ana']);
  runLoopxJson(db, ['goal', 'member', 'blog', 'bo', '--role', 'approver']);
  runLoopxJson(db, ['agent', 'add', 'writer', '--goal', 'blog']);
});

describe('loopx grant (the built binary)', { timeout: 60_000 }, () => {
  it('lists, shows and revokes a grant; an approver may not revoke an owner-made grant', () => {
    const gate = runLoopxJson(db, ['gate', 'ask', 'blog', 'Publish posts?', '--global', '--scope', 'publish:goal:blog', '--agent', 'writer']).gate;
    runLoopxJson(db, ['gate', 'approve', gate.id, '--as', 'ana', '--grant-expires-in', '7d']);
    const [grant] = runLoopxJson(db, ['grant', 'list', 'blog']).grants;
    expect(grant).toMatchObject({ scope: 'publish:goal:blog', granted_by: 'ana', active: true });
    expect(Date.parse(grant.expires_at) - Date.parse(grant.created_at)).toBe(7 * 86_400_000);
    expect(runLoopxJson(db, ['grant', 'show', grant.id]).grant.id).toBe(grant.id);
    expect(runLoopx(db, ['grant', 'list']).stdout).toContain('active until');
    const refused = runLoopx(db, ['grant', 'revoke', grant.id, '--as', 'bo']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('may revoke');
    const revoked = runLoopxJson(db, ['grant', 'revoke', grant.id, '--reason', 'scope too broad']);
    expect(revoked).toMatchObject({ changed: true, grant: { active: false, revoked_by: 'system:cli', revoked_reason: 'scope too broad' } });
    expect(runLoopxJson(db, ['grant', 'list', 'blog']).grants).toEqual([]);
    expect(runLoopxJson(db, ['gate', 'grants', 'blog', '--revoked']).grants).toHaveLength(1);
    expect(runLoopx(db, ['grant', 'show', 'grant_nope']).code).toBe(3);
  });
});

describe('gate options in the CLI (issue 12 item 6)', { timeout: 60_000 }, () => {
  it('shows the options in gate show and review, and approves with --option', () => {
    const gate = runLoopxJson(db, ['gate', 'ask', 'blog', 'Which title?', '--agent', 'writer', '--blocks-agent', 'writer', '--option', 'Alpha', '--option', 'Beta']).gate;
    expect(runLoopx(db, ['gate', 'show', gate.id]).stdout).toContain('(options: Alpha | Beta)');
    expect(runLoopx(db, ['review', 'blog']).stdout).toContain('Options (approve picks one): Alpha | Beta');
    const bare = runLoopx(db, ['gate', 'approve', gate.id, '--as', 'ana']);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toContain('picking one of its options: Alpha, Beta');
    const approved = runLoopxJson(db, ['gate', 'approve', gate.id, '--as', 'ana', '--option', 'Beta']);
    expect(approved.gate.decision).toMatchObject({ outcome: 'approved', option: 'Beta' });
    expect(runLoopx(db, ['gate', 'show', gate.id]).stdout).toContain('approved "Beta" by ana');
  });
});

describe('a late approval from the CLI (issue 12 item 3)', { timeout: 60_000 }, () => {
  it('is refused with when the gate expired, and the gate ends expired', () => {
    const gate = runLoopxJson(db, ['gate', 'ask', 'blog', 'Ship tonight?', '--agent', 'writer', '--blocks-agent', 'writer', '--expires-in', '60m', '--on-expire', 'deny']).gate;
    // The binary reads the real clock, so time passing is simulated by moving the stored deadline into the past.
    const sqlite = new Database(db);
    sqlite.prepare('UPDATE gates SET expires_at = ? WHERE id = ?').run(new Date(Date.now() - 5_000).toISOString(), gate.id);
    sqlite.close();
    const late = runLoopx(db, ['gate', 'approve', gate.id, '--as', 'ana']);
    expect(late.code).toBe(1);
    expect(late.stderr).toMatch(/This request expired at \d\d:\d\d on \w+day /);
    expect(runLoopxJson(db, ['gate', 'show', gate.id]).gate).toMatchObject({ state: 'expired', decision: { by: 'system' } });
  });
});
