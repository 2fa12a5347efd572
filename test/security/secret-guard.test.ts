import { describe, expect, it } from 'vitest';
import { findSecret, requirePublicSafe } from '../../src/kernel/public-safe.js';
import { addTodo } from '../../src/app/todos.js';
import { addEvidence, recordHeartbeat } from '../../src/app/evidence.js';
import { asAgent, createTestApp, seedGoal } from '../helpers/test-app.js';
import { NOT_SECRETS, TOKEN_FORMATS } from './token-formats.js';

describe('secret guard: one row per real token format', () => {
  it.each(TOKEN_FORMATS.map(([name, text]) => [name, text] as const))('%s is refused', (_name, text) => {
    expect(findSecret(`before ${text} after`)).not.toBeNull();
    expect(requirePublicSafe({ data: { nested: [{ note: text }] } })).toMatchObject({ ok: false, error: { code: 'secret_in_text', details: { field: 'data.nested.0.note' } } });
  });

  it.each(NOT_SECRETS.map((text) => [text] as const))('lets "%s" through', (text) => {
    expect(findSecret(text)).toBeNull();
  });

  it('sees a credential split across a data key and its value, and credential-named keys', () => {
    expect(requirePublicSafe({ data: { Authorization: 'Basic dXNlcjpodW50ZXIy' } })).toMatchObject({ ok: false, error: { details: { field: 'data.Authorization' } } });
    expect(requirePublicSafe({ data: { headers: { password: 'correct horse' } } })).toMatchObject({ ok: false, error: { details: { field: 'data.headers.password' } } });
  });

  it('checks fields the use cases never looked at: action_kind, resume_when, turn_id, heartbeat turn', async () => {
    const app = await createTestApp();
    seedGoal(app.deps, { agents: ['a1'] });
    const token = TOKEN_FORMATS.find(([name]) => name === 'GitHub classic token')![1];
    const refused = [
      addTodo(app.deps, asAgent('a1'), 'demo', { text: 'ok', actionKind: token }),
      addTodo(app.deps, asAgent('a1'), 'demo', { text: 'ok 2', resumeWhen: `todo_done:${token}` }),
      addEvidence(app.deps, asAgent('a1'), { goalId: 'demo', kind: 'test', summary: 'ok', turnId: token }),
      recordHeartbeat(app.deps, asAgent('a1'), 'demo', { turnId: token }),
    ];
    for (const result of refused) expect(result).toMatchObject({ ok: false, error: { code: 'secret_in_text' } });
    expect((app.deps.store.sqlite.prepare('SELECT count(*) AS n FROM todos').get() as { n: number }).n).toBe(0);
  });
});
