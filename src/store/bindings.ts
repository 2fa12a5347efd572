import { isLocale, type Locale } from '../kernel/locale.js';
import { BINDING_PURPOSES, type BindingPurpose, type ChatSurface } from '../kernel/vocabulary.js';
import type { Store } from './db.js';
import type { BindingTable } from './tables.js';

/** A goal mirrored into one channel or chat. */
export interface Binding {
  readonly goalId: string;
  readonly surface: ChatSurface;
  readonly workspace: string | null;
  readonly destination: string;
  readonly purposes: readonly BindingPurpose[];
  readonly digestAt: string;
  readonly digestTimezone: string;
  /** The language of the cards this chat reads. */
  readonly locale: Locale;
  /** Lark cards there also carry the other language (`i18n_content`): each reader's client shows its own. */
  readonly bilingual: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

function bindingFromRow(row: BindingTable): Binding {
  return {
    goalId: row.goal_id,
    surface: row.surface as ChatSurface,
    workspace: row.workspace,
    destination: row.destination,
    purposes: row.purposes.split(',').filter((p): p is BindingPurpose => (BINDING_PURPOSES as readonly string[]).includes(p)),
    digestAt: row.digest_at,
    digestTimezone: row.digest_timezone,
    locale: isLocale(row.locale) ? row.locale : 'en',
    bilingual: row.bilingual === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Creates or replaces a binding (same goal, surface and destination). */
export function upsertBinding(store: Store, binding: Omit<Binding, 'createdAt' | 'updatedAt'>, at: string): void {
  const values = {
    goal_id: binding.goalId,
    surface: binding.surface,
    workspace: binding.workspace,
    destination: binding.destination,
    purposes: binding.purposes.join(','),
    digest_at: binding.digestAt,
    digest_timezone: binding.digestTimezone,
    locale: binding.locale,
    bilingual: binding.bilingual ? 1 : 0,
    created_at: at,
    updated_at: at,
  };
  store.run(
    store.kysely
      .insertInto('bindings')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['goal_id', 'surface', 'destination']).doUpdateSet({
          workspace: values.workspace,
          purposes: values.purposes,
          digest_at: values.digest_at,
          digest_timezone: values.digest_timezone,
          locale: values.locale,
          bilingual: values.bilingual,
          updated_at: at,
        }),
      ),
  );
}

/** Bindings, optionally of one goal, in creation order. */
export function listBindings(store: Store, goalId?: string): Binding[] {
  let query = store.kysely.selectFrom('bindings').selectAll();
  if (goalId !== undefined) query = query.where('goal_id', '=', goalId);
  return store.all(query.orderBy('created_at').orderBy('goal_id').orderBy('destination')).map(bindingFromRow);
}

/** Removes a binding; answers whether one existed. */
export function deleteBinding(store: Store, goalId: string, surface: ChatSurface, destination: string): boolean {
  return store.run(store.kysely.deleteFrom('bindings').where('goal_id', '=', goalId).where('surface', '=', surface).where('destination', '=', destination)) > 0;
}
