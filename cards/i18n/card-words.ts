import type { Message } from './catalog.js';

// Card words that were still English, found while moving the web board (the cards show them on every surface):
// what approving and rejecting a gate do and what it blocks (src/app/queries/gate-view.ts), evidence kinds
// (cards/gate-card.ts evidenceMeta, the goal page, the audit trail) and the digest's "At a glance" line (cards/glance.ts).

export const cardWordsEn = {
  'evidence.kind.test': 'test',
  'evidence.kind.benchmark': 'benchmark',
  'evidence.kind.build': 'build',
  'evidence.kind.log': 'log',
  'evidence.kind.pr': 'pr',
  'evidence.kind.commit': 'commit',
  'evidence.kind.doc': 'doc',
  'evidence.kind.screenshot': 'screenshot',
  'evidence.kind.metric': 'metric',
  'evidence.kind.note': 'note',
  'gate.onApprove': '{askedBy} goes ahead with what this gate blocks ({blocks}).',
  'gate.onReject': '{askedBy} does not go ahead, and gets your reason back.',
  'gate.blocks.goal': 'the whole goal',
  'gate.blocks.agent': 'agent {agent}',
  'gate.blocks.gone': 'a todo no longer on file',
  'gate.blocks.none': 'nothing named',
  'gate.blocks.todos': { one: 'the todo {todos}', other: 'the todos {todos}' },
  'glance.line': 'At a glance: {lanes}. Evidence, last {days} days: {spark} ({count}).',
  'glance.charts': 'Charts: {url}',
  'glance.none': 'no todos yet',
  'glance.done': '{count} done',
  'glance.inProgress': '{count} in progress',
  'glance.waiting': '{count} waiting',
  'glance.todo': '{count} to do',
} as const;

export const cardWordsZhCN: Readonly<Record<keyof typeof cardWordsEn, Message>> = {
  'evidence.kind.test': '测试',
  'evidence.kind.benchmark': '基准测试',
  'evidence.kind.build': '构建',
  'evidence.kind.log': '日志',
  'evidence.kind.pr': '合并请求',
  'evidence.kind.commit': '提交',
  'evidence.kind.doc': '文档',
  'evidence.kind.screenshot': '截图',
  'evidence.kind.metric': '指标',
  'evidence.kind.note': '备注',
  'gate.onApprove': '{askedBy} 将继续执行此审批所阻塞的工作（{blocks}）。',
  'gate.onReject': '{askedBy} 不会继续，并会收到你的理由。',
  'gate.blocks.goal': '整个目标',
  'gate.blocks.agent': '代理 {agent}',
  'gate.blocks.gone': '一个已不存在的待办',
  'gate.blocks.none': '未指定',
  'gate.blocks.todos': { other: '待办 {todos}' },
  'glance.line': '概览：{lanes}。最近 {days} 天的证据：{spark}（{count}）。',
  'glance.charts': '图表：{url}',
  'glance.none': '还没有待办',
  'glance.done': '{count} 项完成',
  'glance.inProgress': '{count} 项进行中',
  'glance.waiting': '{count} 项等待中',
  'glance.todo': '{count} 项待办',
};
