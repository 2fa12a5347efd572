import { beforeAll, describe, expect, it } from 'vitest';
import { freshDbPath, runLoopx, runLoopxJson } from '../helpers/cli.js';

// Issue 12 item 1: `loopx grant list|show|revoke` and `gate approve --grant-expires-in`.

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
