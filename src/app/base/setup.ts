import { fail, type KernelError } from '../../kernel/errors.js';
import { ok, type Result } from '../../kernel/result.js';
import type { BaseApi, BaseFailure, BaseField, BaseReply } from './port.js';
import { needsYouFilter, schemaGaps, type BaseSchema } from './schema.js';

/** What setting a table up did, in names (for the CLI and doctor). */
export interface BaseSetup {
  readonly baseName: string;
  readonly tableId: string;
  /** The table's name when LoopX created it (in the binding's language), else null. */
  readonly createdName: string | null;
  readonly createdTable: boolean;
  readonly addedFields: readonly string[];
  readonly addedViews: readonly string[];
  /** LoopX fields the table has under another type: left alone (a user's data), reported by doctor. */
  readonly wrongType: readonly string[];
  /** Whether Lark agreed to send this Base's record change events (else hand edits are read by the reconciler). */
  readonly changeEvents: boolean;
}

/** The fix for each kind of refusal, in words. */
function refusal(step: string, failure: BaseFailure): KernelError {
  const code = 'code' in failure ? failure.code : null;
  const hint =
    code === 1254302 || code === 91403 || code === 1254301
      ? 'Give the app access: in the Base open "..." > "Add document app" and add the LoopX app with edit rights, and grant it the bitable:app scope.'
      : code === 1254040 || code === 91402
        ? 'Check the app token: it is the part of the Base URL after /base/ (before any "?").'
        : code === 1254041
          ? 'Check the table id: it is the tbl… value of "table=" in the Base URL.'
          : 'Run `loopx doctor` for the Base checks.';
  return fail('base_setup_failed', `Lark Base refused to ${step} (${failure.reason}). ${hint}`, { step, code, kind: failure.kind }).error;
}

async function step<T>(name: string, reply: Promise<BaseReply<T>>): Promise<Result<T, KernelError>> {
  const answer = await reply;
  return answer.ok ? ok(answer.data) : { ok: false, error: refusal(name, answer) };
}

/** Adds the LoopX views the table lacks (never touching views it has), hiding the LoopX id in them. */
async function ensureViews(api: BaseApi, schema: BaseSchema, appToken: string, tableId: string, fields: readonly BaseField[]): Promise<Result<string[], KernelError>> {
  const views = await step('list the views', api.listViews(appToken, tableId));
  if (!views.ok) return views;
  const hidden = fields.filter((f) => f.name === schema.F.loopxId).map((f) => f.fieldId);
  const added: string[] = [];
  const wanted = [{ name: schema.kanbanView, type: 'kanban' as const, filter: null }, { name: schema.needsYouView, type: 'grid' as const, filter: needsYouFilter(schema, fields) }];
  for (const view of wanted) {
    if (views.value.some((v) => v.name === view.name)) continue;
    const created = await step(`create the "${view.name}" view`, api.createView(appToken, tableId, view.name, view.type));
    if (!created.ok) return created;
    if (view.filter) {
      const filtered = await step(`set the "${view.name}" filter`, api.patchView(appToken, tableId, created.value.viewId, { filter: view.filter }));
      if (!filtered.ok) return filtered;
    }
    // Hiding the id is cosmetic: a Base that refuses it for a view type still gets a working view.
    await api.patchView(appToken, tableId, created.value.viewId, { hiddenFieldIds: hidden });
    added.push(view.name);
  }
  return ok(added);
}

/** What a table's LoopX fields look like after adding the missing ones. */
export interface FieldRepair {
  readonly added: readonly string[];
  readonly wrongType: readonly string[];
  readonly fields: readonly BaseField[];
}

/** Adds the LoopX fields a table lacks, by name in its language (a user's fields, and LoopX fields of another type, are left alone). */
export async function ensureBaseFields(api: BaseApi, schema: BaseSchema, appToken: string, tableId: string): Promise<Result<FieldRepair, KernelError>> {
  const before = await step('list the fields', api.listFields(appToken, tableId));
  if (!before.ok) return before;
  const gaps = schemaGaps(schema, before.value);
  const added: string[] = [];
  for (const spec of gaps.missing) {
    const created = await step(`add the "${spec.name}" field`, api.createField(appToken, tableId, spec));
    if (!created.ok) return created;
    added.push(spec.name);
  }
  const fields = added.length > 0 ? await step('list the fields', api.listFields(appToken, tableId)) : before;
  return fields.ok ? ok({ added, wrongType: gaps.wrongType, fields: fields.value }) : fields;
}

/**
 * Makes a Base table ready for LoopX rows, with the names of `schema`'s language. Without a table id it creates
 * "LoopX todos" ("LoopX 待办") with every field; with one it adds the LoopX fields the table lacks, by name, and
 * never deletes or changes a user's fields or views. Then it adds the Kanban view (grouped by Lane, the first
 * single-select field) and the "Needs you" grid view.
 */
export async function setUpBaseTable(api: BaseApi, schema: BaseSchema, appToken: string, tableId: string | null): Promise<Result<BaseSetup, KernelError>> {
  const app = await step('open the Base', api.getApp(appToken));
  if (!app.ok) return app;
  let table = tableId;
  if (table === null) {
    const created = await step('create the table', api.createTable(appToken, schema.table, schema.fields, schema.allView));
    if (!created.ok) return created;
    table = created.value.tableId;
  }
  const fields = await ensureBaseFields(api, schema, appToken, table);
  if (!fields.ok) return fields;
  const views = await ensureViews(api, schema, appToken, table, fields.value.fields);
  if (!views.ok) return views;
  // Change events make a person's move answered within seconds; without them the 10-minute reconcile reads it.
  const subscribed = await api.subscribeChanges(appToken);
  const addedFields = tableId === null ? schema.fields.map((f) => f.name) : fields.value.added;
  return ok({ baseName: app.value.name, tableId: table, createdName: tableId === null ? schema.table : null, createdTable: tableId === null, addedFields, addedViews: views.value, wrongType: fields.value.wrongType, changeEvents: subscribed.ok });
}
