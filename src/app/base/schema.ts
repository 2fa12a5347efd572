import { translator, type Translator } from '../../../cards/i18n/index.js';
import { LANES, type Lane } from '../../kernel/lanes.js';
import { isLocale, type Locale } from '../../kernel/locale.js';
import { PRIORITIES, TASK_CLASSES, type TaskClass } from '../../kernel/vocabulary.js';
import { baseTableLocale, type BaseTableRef } from '../../store/base-rows.js';
import type { Store } from '../../store/db.js';
import type { BaseCondition, BaseField, BaseFieldSpec } from './port.js';

/** Bitable field type numbers (the documented `type` of a field). */
export const FIELD_TYPE = { text: 1, number: 2, singleSelect: 3, date: 5, url: 15 } as const;

/** Lane colours (Bitable option palette): Todo grey, Claimed blue, Running orange, Review wathet, Blocked red, User Gate purple, Done green. */
const LANE_COLORS: Readonly<Record<Lane, number>> = { todo: 10, claimed: 0, running: 5, review: 1, blocked: 6, user_gate: 8, done: 3 };

/** The fields LoopX owns, by role; the Kanban groups by Lane (the table's first single-select field). */
const FIELD_KEYS = ['title', 'goal', 'lane', 'priority', 'taskClass', 'agent', 'leaseExpires', 'gate', 'waitingOn', 'evidence', 'updated', 'loopxId'] as const;
type FieldKey = (typeof FIELD_KEYS)[number];

/**
 * A table's LoopX names in its language: the table, its fields (by role), lane and task class options and views,
 * and the translator of the cells LoopX writes. A table keeps the language it was bound with: the Base matches
 * fields and options by name.
 */
export interface BaseSchema {
  readonly locale: Locale;
  readonly tr: Translator;
  readonly table: string;
  readonly allView: string;
  readonly kanbanView: string;
  readonly needsYouView: string;
  readonly F: Readonly<Record<FieldKey, string>>;
  /** Every LoopX field in table order (Title first: it becomes the primary field of a table LoopX creates). */
  readonly fields: readonly BaseFieldSpec[];
  readonly lanes: Readonly<Record<Lane, string>>;
  readonly taskClasses: Readonly<Record<TaskClass, string>>;
  readonly typeOf: ReadonlyMap<string, number>;
}

function makeSchema(locale: Locale): BaseSchema {
  const tr = translator(locale);
  const F = Object.fromEntries(FIELD_KEYS.map((k) => [k, tr.t(`base.field.${k}`)])) as Record<FieldKey, string>;
  const lanes = Object.fromEntries(LANES.map((l) => [l, tr.t(`base.lane.${l}`)])) as Record<Lane, string>;
  const taskClasses = Object.fromEntries(TASK_CLASSES.map((c) => [c, tr.t(`base.class.${c}`)])) as Record<TaskClass, string>;
  const fields: BaseFieldSpec[] = [
    { name: F.title, type: FIELD_TYPE.text },
    { name: F.goal, type: FIELD_TYPE.text },
    { name: F.lane, type: FIELD_TYPE.singleSelect, options: LANES.map((lane) => ({ name: lanes[lane], color: LANE_COLORS[lane] })) },
    { name: F.priority, type: FIELD_TYPE.singleSelect, options: PRIORITIES.map((p, i) => ({ name: p, color: [6, 5, 4, 0, 10][i] ?? 10 })) },
    { name: F.taskClass, type: FIELD_TYPE.singleSelect, options: TASK_CLASSES.map((c, i) => ({ name: taskClasses[c], color: i })) },
    { name: F.agent, type: FIELD_TYPE.text },
    { name: F.leaseExpires, type: FIELD_TYPE.date },
    { name: F.gate, type: FIELD_TYPE.text },
    { name: F.waitingOn, type: FIELD_TYPE.text },
    { name: F.evidence, type: FIELD_TYPE.url },
    { name: F.updated, type: FIELD_TYPE.date },
    { name: F.loopxId, type: FIELD_TYPE.text },
  ];
  return { locale, tr, table: tr.t('base.table'), allView: tr.t('base.view.all'), kanbanView: tr.t('base.view.kanban'), needsYouView: tr.t('base.view.needsYou'), F, fields, lanes, taskClasses, typeOf: new Map(fields.map((f) => [f.name, f.type])) };
}

const schemas = new Map<Locale, BaseSchema>();

/** The LoopX schema of a table in `locale` (cached; pure). */
export function baseSchema(locale: Locale = 'en'): BaseSchema {
  const known = schemas.get(locale) ?? makeSchema(locale);
  schemas.set(locale, known);
  return known;
}

/** A binding's stored locale as a language: null (bound before tables had one) and anything unknown read English. */
export const baseLocaleOf = (stored: string | null | undefined): Locale => (isLocale(stored) ? stored : 'en');

/** The schema of a bound table, in the language it was bound with. */
export const schemaOfTable = (store: Store, table: BaseTableRef): BaseSchema => baseSchema(baseLocaleOf(baseTableLocale(store, table)));

/** The English fields: those of every table bound before tables had a language. */
export const BASE_FIELDS = baseSchema('en').fields;

/** A cell as a comparable value: text joined from its segments, a URL as its link, a date as epoch ms. */
export function canonicalCell(schema: BaseSchema, name: string, value: unknown): string | number | null {
  const type = schema.typeOf.get(name);
  if (value === null || value === undefined || value === '') return type === FIELD_TYPE.date ? null : '';
  if (type === FIELD_TYPE.date) return typeof value === 'number' ? value : Number(value);
  if (type === FIELD_TYPE.url) return typeof value === 'object' ? String((value as { link?: unknown }).link ?? '') : String(value);
  if (Array.isArray(value)) return value.map((segment) => (typeof segment === 'object' && segment !== null ? String((segment as { text?: unknown }).text ?? '') : String(segment))).join('');
  return typeof value === 'object' ? String((value as { text?: unknown }).text ?? '') : String(value);
}

/** The LoopX-owned fields whose cell in `shown` differs from what LoopX wrote (`wanted`). */
export function driftedFields(schema: BaseSchema, wanted: Readonly<Record<string, unknown>>, shown: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(wanted).filter((name) => canonicalCell(schema, name, wanted[name]) !== canonicalCell(schema, name, shown[name]));
}

/** What a bound table lacks: LoopX fields missing by name, and LoopX fields of another type (left alone, reported). */
export function schemaGaps(schema: BaseSchema, fields: readonly BaseField[]): { missing: BaseFieldSpec[]; wrongType: string[] } {
  const byName = new Map(fields.map((f) => [f.name, f]));
  return {
    missing: schema.fields.filter((spec) => !byName.has(spec.name)),
    wrongType: schema.fields.filter((spec) => byName.has(spec.name) && byName.get(spec.name)?.type !== spec.type).map((spec) => spec.name),
  };
}

/** The "Needs you" filter: rows in User Gate (a person's to-do) or held by a gate. */
export function needsYouFilter(schema: BaseSchema, fields: readonly BaseField[]): { conjunction: 'or'; conditions: BaseCondition[] } | null {
  const lane = fields.find((f) => f.name === schema.F.lane);
  const gate = fields.find((f) => f.name === schema.F.gate);
  const userGate = lane?.options.find((o) => o.name === schema.lanes.user_gate);
  if (!lane || !gate || !userGate) return null;
  return { conjunction: 'or', conditions: [{ fieldId: lane.fieldId, operator: 'is', value: JSON.stringify([userGate.id]) }, { fieldId: gate.fieldId, operator: 'isNotEmpty' }] };
}
