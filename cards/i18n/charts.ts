import type { Message } from './catalog.js';

// The web board's charts (goal page): captions, text alternatives, the numbers tables and the gauge words.
// English first (the source of keys and placeholder types), then 简体中文 with exactly the same keys.

export const chartsEn = {
  'web.chart.title': 'Charts',
  'web.chart.numbers': 'Numbers',
  'web.chart.day': 'Day',
  'web.chart.gauge': '{label}: {words}',
  'web.chart.inProgress': 'In progress',
  'web.chart.flow': 'Cumulative flow, last {days} days',
  'web.chart.flow.alt': 'Todos per lane at the end of each day from {from} to {to}; today: {today}.',
  'web.chart.flow.table': 'Todos per lane at the end of each day',
  'web.chart.evidence': 'Evidence per day ({total} in {days} days)',
  'web.chart.evidence.alt': 'Evidence reported per day, {total} in total; most on one day: {most}.',
  'web.chart.evidence.table': 'Evidence reported per day',
  'web.chart.gates': 'Gate wait times, last {days} days',
  'web.chart.median': 'Median wait for a decision',
  'web.chart.median.short': 'Median wait',
  'web.chart.median.none': 'no gate decided',
  'web.chart.median.value': '{duration} (median of {count})',
  'web.chart.open': 'Longest open now',
  'web.chart.open.short': 'Longest open',
  'web.chart.open.none': 'no gate open',
  'web.chart.open.value': '{duration} ({count} open)',
  'web.chart.lanes': 'Lanes: {lanes}',
} as const;

export const chartsZhCN: Readonly<Record<keyof typeof chartsEn, Message>> = {
  'web.chart.title': '图表',
  'web.chart.numbers': '数据',
  'web.chart.day': '日期',
  'web.chart.gauge': '{label}：{words}',
  'web.chart.inProgress': '进行中',
  'web.chart.flow': '累积流图，最近 {days} 天',
  'web.chart.flow.alt': '从 {from} 到 {to} 每天结束时各泳道的待办数；今天：{today}。',
  'web.chart.flow.table': '每天结束时各泳道的待办数',
  'web.chart.evidence': '每日证据（{days} 天共 {total} 条）',
  'web.chart.evidence.alt': '每日报告的证据，共 {total} 条；单日最多 {most} 条。',
  'web.chart.evidence.table': '每日报告的证据',
  'web.chart.gates': '审批等待时间，最近 {days} 天',
  'web.chart.median': '等待决定的中位时间',
  'web.chart.median.short': '中位等待',
  'web.chart.median.none': '没有已决定的审批',
  'web.chart.median.value': '{duration}（{count} 个审批的中位数）',
  'web.chart.open': '当前最长等待',
  'web.chart.open.short': '最长等待',
  'web.chart.open.none': '没有待决定的审批',
  'web.chart.open.value': '{duration}（{count} 个待决定）',
  'web.chart.lanes': '泳道：{lanes}',
};
