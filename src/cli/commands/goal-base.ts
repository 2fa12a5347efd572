import { bindGoalToBase, type BaseBinding, type BaseBindInput } from '../../app/base/index.js';
import { fail } from '../../kernel/errors.js';
import type { CliContext } from '../command.js';
import { output } from '../output.js';
import { LOCALE_NAMES } from '../../kernel/locale.js';

function describe(b: BaseBinding): string {
  const lines = [`Bound ${b.goalId} to the Lark Base "${b.baseName}", table ${b.tableId}${b.createdName !== null ? ` (created "${b.createdName}")` : ''}, in ${LOCALE_NAMES[b.locale]}.`];
  if (!b.createdTable) lines.push(b.addedFields.length > 0 ? `Added fields: ${b.addedFields.join(', ')}.` : 'Every LoopX field was already there.');
  if (b.addedViews.length > 0) lines.push(`Added views: ${b.addedViews.join(', ')}.`);
  if (b.wrongType.length > 0) lines.push(`These fields exist with another type and were left alone, so LoopX cannot fill them: ${b.wrongType.join(', ')}. Rename them and bind again.`);
  if (!b.changeEvents) lines.push('Lark did not agree to send this Base\'s change events, so cards moved by hand are answered at the next reconcile (within 10 minutes) instead of within seconds.');
  lines.push('`loopx serve` fills the table with one row per todo and keeps it in step.');
  return lines.join('\n');
}

/** `loopx goal bind <goal> --lark-base <app_token>[/<table_id>] [--locale]`: sets the table up through the Lark app, then records the binding. */
export async function bindBaseCommand(ctx: CliContext, goalId: string, target: string, language: Pick<BaseBindInput, 'locale' | 'defaultLocale'>) {
  const { openLarkBaseApi } = await import('../../compose.js');
  const api = await openLarkBaseApi(ctx.config);
  const deps = await ctx.openApp();
  const result = api
    ? await bindGoalToBase(deps, ctx.origin, api, { goalId, target, ...language })
    : fail('config_invalid', 'Binding a Lark Base needs the Lark app: set LARK_APP_ID and LARK_APP_SECRET (and LARK_DOMAIN=lark for Lark international). See docs/lark-setup.md, "Base (Kanban)".');
  return output(
    result,
    (b) => ({ base: { goal_id: b.goalId, app_token: b.appToken, table_id: b.tableId, locale: b.locale, base_name: b.baseName, created_table: b.createdTable, added_fields: [...b.addedFields], added_views: [...b.addedViews], wrong_type: [...b.wrongType], change_events: b.changeEvents } }),
    describe,
  );
}
