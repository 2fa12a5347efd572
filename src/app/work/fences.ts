import { fail } from '../../kernel/errors.js';
import { activeHolder } from '../../kernel/lease.js';
import type { Todo } from '../../kernel/todo.js';
import { openGatesHolding } from '../../store/gate-fences.js';
import { findPerson } from '../../store/people.js';
import { waitingOn as stillWaitingOn } from '../queries/gates.js';
import { must, type WriteContext } from '../write.js';

/** Whether an operator chose to go past the gates that hold a todo (agents never may). */
export interface FenceOptions {
  readonly force?: boolean | undefined;
}

/**
 * The gate fence: while an open gate holds a todo (global, listing it, or scoped on the acting agent or its holder),
 * claiming, completing and superseding it are refused with `gate_pending`, naming the question and who it waits on.
 * An operator (not an agent) may force past it; the forced gate ids are returned for the ledger.
 */
export function passGateFence(ctx: WriteContext, todo: Todo, options: FenceOptions = {}): string[] {
  const agents = [ctx.actor.kind === 'agent' ? ctx.actor.id : null, activeHolder(todo, ctx.now)].filter((id): id is string => id !== null);
  const gates = openGatesHolding(ctx.store, todo.goalId, todo.id, [...new Set(agents)]);
  const first = gates[0];
  if (first === undefined) return [];
  if (options.force === true && ctx.actor.kind !== 'agent') return gates.map((gate) => gate.id);
  const waitingOn = stillWaitingOn(ctx.store, first);
  const names = waitingOn.map((id) => findPerson(ctx.store, id)?.name ?? id);
  const whom = names.length > 0 ? names.join(', ') : 'an owner';
  const more = gates.length > 1 ? ` (and ${gates.length - 1} more open gate(s))` : '';
  return must(
    fail('gate_pending', `"${todo.text}" waits on the question "${first.question}" for ${whom}${more}; work on something else until they decide.`, {
      gate_id: first.id,
      gate_ids: gates.map((gate) => gate.id),
      waiting_on: waitingOn,
      todo_id: todo.id,
    }),
  );
}
