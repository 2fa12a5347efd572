import { describe, expect, it } from 'vitest';
import { addEvidence } from '../../src/app/evidence.js';
import { askGate } from '../../src/app/gates.js';
import { createGateSource } from '../../src/app/projection/index.js';
import { listEvents } from '../../src/store/events.js';
import { gateApp } from './gate-fixture.js';
import { asAgent, unwrap } from '../helpers/test-app.js';

// The gate card cites the evidence that backs the ask. It must change only with events the gate source hears
// about, or its chat copies could never converge (the crash test caught a card citing the asker's latest evidence).

describe('the evidence a gate card cites', () => {
  it('is re-rendered for evidence on the gate or its todos, and stays put for the asker`s later unrelated evidence', async () => {
    const app = await gateApp();
    const source = createGateSource();
    const report = (summary: string, todoId?: string) => unwrap(addEvidence(app.deps, asAgent('a1'), { goalId: 'demo', kind: 'log', summary, todoId, deliveryOutcome: 'outcome_progress' }));
    report('Drafted the post before asking');
    app.clock.advance(1000);
    const gate = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { todoIds: [app.todoA] } })).gate;
    const key = `gate:${gate.id}`;
    const cited = () => JSON.stringify(source.render(app.deps.store, key, app.clock.now())?.card);
    expect(cited()).toContain('Drafted the post before asking');
    const seq = () => listEvents(app.deps.store, { goalId: 'demo' }).length;

    app.clock.advance(1000);
    const before = seq();
    report('Fixed a typo in the changelog', app.todoB);
    for (let i = 0; i < 8; i += 1) report(`Routine check ${i}`);
    expect(cited()).toContain('Drafted the post before asking');
    expect(source.affected(app.deps.store, listEvents(app.deps.store, { goalId: 'demo' }).slice(before)).map((t) => t.key)).not.toContain(key);

    const linked = seq();
    report('Preview of the post is up', app.todoA);
    expect(cited()).toContain('Preview of the post is up');
    expect(source.affected(app.deps.store, listEvents(app.deps.store, { goalId: 'demo' }).slice(linked)).map((t) => t.key)).toContain(key);
  });
});
