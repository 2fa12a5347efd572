import { describe, expect, it } from 'vitest';
import { digestCard } from '../../cards/digest-card.js';
import { laneBarText, sparkline } from '../../cards/glance.js';
import { cardToText } from '../../cards/text.js';
import { seedDemo } from '../../src/app/demo.js';
import { previewDigest } from '../../src/app/digest.js';
import { createJobDeps } from '../../src/app/job-deps.js';
import { goalStatus } from '../../src/app/queries/goal-status.js';
import { createPresence } from '../../src/app/serve/presence.js';
import { emptyLaneCounts } from '../../src/kernel/lanes.js';
import { createTestApp, operator, unwrap } from '../helpers/test-app.js';

describe('a goal at a glance, in text', () => {
  it('draws a lane bar in proportion, with every count in words', () => {
    expect(laneBarText({ ...emptyLaneCounts(), done: 6, running: 3, blocked: 1, todo: 2 })).toBe('██████▓▓▓▒░░ 6 done · 3 in progress · 1 waiting · 2 to do');
    expect(laneBarText(emptyLaneCounts())).toBe('no todos yet');
  });

  it('draws a sparkline scaled to the busiest day, a dot for a day without evidence', () => {
    expect(sparkline([0, 1, 2, 4, 8, 0, 8])).toBe('·▁▂▄█·█');
    expect(sparkline([0, 0])).toBe('··');
  });
});

describe('the daily digest carries the glance line, from the database', () => {
  it('shows the goal lanes and evidence of the last 7 days, and links the charts on the running server', async () => {
    const { deps } = await createTestApp();
    unwrap(seedDemo(deps, operator));
    const view = unwrap(previewDigest(createJobDeps(deps), 'demo'));
    const lanes = unwrap(goalStatus(deps.store, 'demo', deps.clock.now(), 0)).todoLanes;
    expect(view.glance?.lanes).toEqual(lanes);
    const evidence = (deps.store.sqlite.prepare("SELECT count(*) AS n FROM evidence WHERE goal_id = 'demo'").get() as { n: number }).n;
    expect(view.glance?.evidencePerDay).toEqual([0, 0, 0, 0, 0, 0, evidence]);
    const text = cardToText(digestCard(view));
    expect(text).toContain(`At a glance: ${laneBarText(lanes)}. Evidence, last 7 days: ······█ (${evidence}).`);
    expect(text).not.toContain('Charts:');

    const presence = createPresence(deps);
    presence.start('https://loopx.example.com');
    const linked = cardToText(digestCard(unwrap(previewDigest(createJobDeps(deps), 'demo'))));
    presence.stop();
    expect(linked).toContain('Charts: https://loopx.example.com/goals/demo');
  });
});
