import { KernelFailure, type KernelError } from '../kernel/errors.js';
import type { Locale } from '../kernel/locale.js';
import { ok, type Result } from '../kernel/result.js';
import { listGoals } from '../store/goals.js';
import { listPeople } from '../store/people.js';
import type { Actor } from './actor.js';
import { addAgent } from './agents.js';
import { addEvidence } from './evidence.js';
import type { AppDeps } from './deps.js';
import { askGate } from './gates.js';
import { addGoal } from './goals.js';
import { claimTodo } from './leases.js';
import { addPerson } from './people.js';
import { addTodo, blockTodo, completeTodo } from './todos.js';
import type { WriteOrigin } from './write.js';

/** The demo goal's id and the person who can sign in to decide its gate. */
export const DEMO_GOAL_ID = 'demo';
export const DEMO_OWNER_ID = 'ana';

/** What `loopx demo` created. */
export interface DemoSeed {
  readonly goalId: string;
  readonly ownerId: string;
  readonly agents: readonly string[];
  readonly todos: number;
}

/** True when the database has no goals and no people yet: the moment `npm start` offers the demo. */
export function isEmptyDatabase(deps: AppDeps): boolean {
  return listGoals(deps.store).length === 0 && listPeople(deps.store).length === 0;
}

function need<T>(result: Result<T, KernelError>): T {
  if (!result.ok) throw new KernelFailure(result.error);
  return result.value;
}

const agent = (id: string): WriteOrigin => ({ actor: { kind: 'agent', id } satisfies Actor });

/** What the demo says, in the operator's language: content people and agents would have typed (data, not UI words). */
interface DemoTexts {
  readonly owner: string;
  readonly title: string;
  readonly objective: string;
  readonly setup: string;
  readonly setupDone: string;
  readonly draft: string;
  readonly draftEvidence: string;
  readonly screenshots: string;
  readonly linkCheck: string;
  readonly review: string;
  readonly changelog: string;
  readonly social: string;
  readonly socialBlocked: string;
  readonly launchDate: string;
  readonly publish: string;
  readonly question: string;
  readonly context: string;
}

const DEMO_TEXTS: Readonly<Record<Locale, DemoTexts>> = {
  en: {
    owner: 'Ana',
    title: 'Launch the LoopX blog post',
    objective: 'Publish the launch post with screenshots and a changelog, approved by Ana.',
    setup: 'Set up the demo goal and its agents',
    setupDone: 'The goal, agents and todos exist.',
    draft: 'Draft the launch post',
    draftEvidence: 'First draft of the launch post (1,200 words)',
    screenshots: 'Collect three board screenshots',
    linkCheck: 'Link checker: 14 links, all reachable',
    review: 'Review the draft for accuracy',
    changelog: 'Write the changelog entry',
    social: 'Schedule the social posts',
    socialBlocked: 'Waiting for the marketing calendar',
    launchDate: 'Pick the launch date',
    publish: 'Publish the launch post',
    question: 'May I publish the launch post on the company blog?',
    context: 'The draft passed the link check; publishing is public and hard to undo.',
  },
  'zh-CN': {
    owner: '安娜',
    title: '发布 LoopX 博客文章',
    objective: '带着截图和更新日志发布博客文章，由安娜批准。',
    setup: '建好演示目标和它的代理',
    setupDone: '目标、代理和待办都已建好。',
    draft: '撰写发布文章初稿',
    draftEvidence: '发布文章初稿（1200 字）',
    screenshots: '截取三张看板截图',
    linkCheck: '链接检查：14 个链接全部可访问',
    review: '核对初稿内容是否准确',
    changelog: '编写更新日志条目',
    social: '安排社交媒体推送',
    socialBlocked: '等市场部的排期表',
    launchDate: '确定发布日期',
    publish: '发布博客文章',
    question: '可以在公司博客上发布这篇文章吗？',
    context: '初稿已通过链接检查；发布后公开且难以撤回。',
  },
};

function seedTodos(deps: AppDeps, origin: WriteOrigin, say: DemoTexts): number {
  const g = DEMO_GOAL_ID;
  const setup = need(addTodo(deps, origin, g, { text: say.setup, priority: 'P1' })).todo;
  need(completeTodo(deps, origin, setup.id, { successors: [], noFollowup: say.setupDone }));
  const draft = need(addTodo(deps, agent('writer'), g, { text: say.draft, priority: 'P1' }, { claim: true })).todo;
  need(addEvidence(deps, agent('writer'), { goalId: g, todoId: draft.id, kind: 'doc', summary: say.draftEvidence, url: 'https://example.com/drafts/launch-post', deliveryOutcome: 'outcome_progress' }));
  const screenshots = need(addTodo(deps, origin, g, { text: say.screenshots })).todo;
  // The reviewer claims without reporting anything yet, so the screenshots todo shows as Claimed, not Running.
  need(claimTodo(deps, agent('reviewer'), screenshots.id));
  need(addEvidence(deps, agent('writer'), { goalId: g, kind: 'test', summary: say.linkCheck, deliveryOutcome: 'surface_only' }));
  need(addTodo(deps, origin, g, { text: say.review, actionKind: 'review' }));
  need(addTodo(deps, origin, g, { text: say.changelog, priority: 'P3' }));
  const social = need(addTodo(deps, origin, g, { text: say.social })).todo;
  need(blockTodo(deps, origin, social.id, say.socialBlocked));
  need(addTodo(deps, origin, g, { text: say.launchDate, taskClass: 'user_action' }));
  const publish = need(addTodo(deps, origin, g, { text: say.publish, priority: 'P1' })).todo;
  need(askGate(deps, agent('writer'), g, { question: say.question, context: say.context, risk: 'normal', blocks: { todoIds: [publish.id] } }));
  return 8;
}

/**
 * Seeds the demo (`loopx demo`, and `npm start` on an empty database): a person, a goal, two agents,
 * todos in several lanes, evidence and a pending gate, through the same use cases as every other write. All or nothing.
 * In the operator's language (`LOOPX_LOCALE`, else the terminal's): a Chinese operator meets a Chinese demo.
 */
export function seedDemo(deps: AppDeps, origin: WriteOrigin, locale: Locale = 'en'): Result<DemoSeed, KernelError> {
  const say = DEMO_TEXTS[locale];
  try {
    return deps.store.transaction(() => {
      need(addPerson(deps, origin, { id: DEMO_OWNER_ID, name: say.owner, timezone: 'UTC', ...(locale === 'en' ? {} : { locale }) }));
      need(addGoal(deps, origin, { id: DEMO_GOAL_ID, title: say.title, objective: say.objective, owners: [DEMO_OWNER_ID] }));
      for (const id of ['writer', 'reviewer']) need(addAgent(deps, origin, { id, goalId: DEMO_GOAL_ID, signing: false }));
      const todos = seedTodos(deps, origin, say);
      return ok({ goalId: DEMO_GOAL_ID, ownerId: DEMO_OWNER_ID, agents: ['writer', 'reviewer'], todos });
    });
  } catch (thrown) {
    if (thrown instanceof KernelFailure) return { ok: false, error: thrown.error };
    throw thrown;
  }
}
