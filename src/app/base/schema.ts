import { LANE_LABELS, LANES } from '../../kernel/lanes.js';
import { PRIORITIES, TASK_CLASSES, type TaskClass } from '../../kernel/vocabulary.js';
import type { BaseCondition, BaseField, BaseFieldSpec } from './port.js';

/** Bitable field type numbers (the documented `type` of a field). */
export const FIELD_TYPE = { text: 1, number: 2, singleSelect: 3, date: 5, url: 15 } as const;

/** The table LoopX creates when bound without a table id. */
export const BASE_TABLE_NAME = 'LoopX todos';

/** Task classes in words, as the Task class options show them. */
export const TASK_CLASS_LABELS: Readonly<Record<TaskClass, string>> = { advancement: 'Advancement', monitor: 'Monitor', user_action: 'User action', blocker: 'Blocker' };

/** Lane colours (Bitable option palette): Todo grey, Claimed blue, Running orange, Review wathet, Blocked red, User Gate purple, Done green. */
const LANE_COLORS: Readonly<Record<(typeof LANES)[number], number>> = { todo: 10, claimed: 0, running: 5, review: 1, blocked: 6, user_gate: 8, done: 3 };

/** The field names LoopX owns; the Kanban groups by Lane (the table's first single-select field). */
export const F = {
  title: 'Title',
  goal: 'Goal',
  lane: 'Lane',
  priority: 'Priority',
  taskClass: 'Task class',
  agent: 'Agent',
  leaseExpires: 'Lease expires',
  gate: 'Gate',
  waitingOn: 'Waiting on',
  evidence: 'Latest evidence',
  updated: 'Updated',
  loopxId: 'LoopX id',
} as const;

/** Every LoopX field in table order (Title first: it becomes the primary field of a table LoopX creates). */
export const BASE_FIELDS: readonly BaseFieldSpec[] = [
  { name: F.title, type: FIELD_TYPE.text },
  { name: F.goal, type: FIELD_TYPE.text },
  { name: F.lane, type: FIELD_TYPE.singleSelect, options: LANES.map((lane) => ({ name: LANE_LABELS[lane], color: LANE_COLORS[lane] })) },
  { name: F.priority, type: FIELD_TYPE.singleSelect, options: PRIORITIES.map((p, i) => ({ name: p, color: [6, 5, 4, 0, 10][i] ?? 10 })) },
  { name: F.taskClass, type: FIELD_TYPE.singleSelect, options: TASK_CLASSES.map((c, i) => ({ name: TASK_CLASS_LABELS[c], color: i })) },
  { name: F.agent, type: FIELD_TYPE.text },
  { name: F.leaseExpires, type: FIELD_TYPE.date },
  { name: F.gate, type: FIELD_TYPE.text },
  { name: F.waitingOn, type: FIELD_TYPE.text },
  { name: F.evidence, type: FIELD_TYPE.url },
  { name: F.updated, type: FIELD_TYPE.date },
  { name: F.loopxId, type: FIELD_TYPE.text },
];

/** The views LoopX adds (a user's own views are never touched). */
export const KANBAN_VIEW = 'LoopX Kanban';
export const NEEDS_YOU_VIEW = 'Needs you';

const TYPE_OF: ReadonlyMap<string, number> = new Map(BASE_FIELDS.map((f) => [f.name, f.type]));

/** A cell as a comparable value: text joined from its segments, a URL as its link, a date as epoch ms. */
export function canonicalCell(name: string, value: unknown): string | number | null {
  const type = TYPE_OF.get(name);
  if (value === null || value === undefined || value === '') return type === FIELD_TYPE.date ? null : '';
  if (type === FIELD_TYPE.date) return typeof value === 'number' ? value : Number(value);
  if (type === FIELD_TYPE.url) return typeof value === 'object' ? String((value as { link?: unknown }).link ?? '') : String(value);
  if (Array.isArray(value)) return value.map((segment) => (typeof segment === 'object' && segment !== null ? String((segment as { text?: unknown }).text ?? '') : String(segment))).join('');
  return typeof value === 'object' ? String((value as { text?: unknown }).text ?? '') : String(value);
}

/** The LoopX-owned fields whose cell in `shown` differs from what LoopX wrote (`wanted`). */
export function driftedFields(wanted: Readonly<Record<string, unknown>>, shown: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(wanted).filter((name) => canonicalCell(name, wanted[name]) !== canonicalCell(name, shown[name]));
}

/** What a bound table lacks: LoopX fields missing by name, and LoopX fields of another type (left alone, reported). */
export function schemaGaps(fields: readonly BaseField[]): { missing: BaseFieldSpec[]; wrongType: string[] } {
  const byName = new Map(fields.map((f) => [f.name, f]));
  return {
    missing: BASE_FIELDS.filter((spec) => !byName.has(spec.name)),
    wrongType: BASE_FIELDS.filter((spec) => byName.has(spec.name) && byName.get(spec.name)?.type !== spec.type).map((spec) => spec.name),
  };
}

/** The "Needs you" filter: rows in User Gate (a person's to-do) or held by a gate. */
export function needsYouFilter(fields: readonly BaseField[]): { conjunction: 'or'; conditions: BaseCondition[] } | null {
  const lane = fields.find((f) => f.name === F.lane);
  const gate = fields.find((f) => f.name === F.gate);
  const userGate = lane?.options.find((o) => o.name === LANE_LABELS.user_gate);
  if (!lane || !gate || !userGate) return null;
  return { conjunction: 'or', conditions: [{ fieldId: lane.fieldId, operator: 'is', value: JSON.stringify([userGate.id]) }, { fieldId: gate.fieldId, operator: 'isNotEmpty' }] };
}
