import type { Message } from './catalog.js';

// Evidence kinds in words, found still English while moving the web board: the cards' evidence lines
// (cards/gate-card.ts evidenceMeta), the goal page's evidence timeline and the audit trail.

export const evidenceKindsEn = {
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
} as const;

export const evidenceKindsZhCN: Readonly<Record<keyof typeof evidenceKindsEn, Message>> = {
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
};
