import type { Store } from './db.js';

/** A state row that disagrees with the ledger. */
export interface StateProblem {
  readonly table: 'gates' | 'todos' | 'quota_ledger';
  readonly id: string;
  readonly problem: string;
}

interface LedgerFacts {
  readonly gatesAsked: Set<string>;
  /** The last decision the ledger records per gate. */
  readonly lastDecision: Map<string, { by: unknown; outcome: unknown }>;
  readonly todosAdded: Set<string>;
  readonly todosCompleted: Set<string>;
  readonly spends: Set<string>;
  readonly voids: Set<string>;
}

const FACT_TYPES = ['gate.asked', 'gate.decided', 'todo.added', 'todo.completed', 'quota.spent', 'quota.voided'];

function readFacts(store: Store): LedgerFacts {
  const facts: LedgerFacts = { gatesAsked: new Set(), lastDecision: new Map(), todosAdded: new Set(), todosCompleted: new Set(), spends: new Set(), voids: new Set() };
  const rows = store.sqlite.prepare(`SELECT type, payload FROM events WHERE type IN (${FACT_TYPES.map(() => '?').join(',')}) ORDER BY seq`).iterate(...FACT_TYPES) as Iterable<{ type: string; payload: string }>;
  for (const row of rows) {
    const p = JSON.parse(row.payload) as Record<string, unknown>;
    const id = (key: string) => String(p[key]);
    if (row.type === 'gate.asked') facts.gatesAsked.add(id('gate_id'));
    else if (row.type === 'gate.decided') facts.lastDecision.set(id('gate_id'), { by: p.by, outcome: p.outcome });
    else if (row.type === 'todo.added') facts.todosAdded.add(id('todo_id'));
    else if (row.type === 'todo.completed') facts.todosCompleted.add(id('todo_id'));
    else if (row.type === 'quota.spent') facts.spends.add(id('spend_id'));
    else facts.voids.add(id('void_id'));
  }
  return facts;
}

function checkGates(store: Store, facts: LedgerFacts, problems: StateProblem[]): void {
  const gates = store.sqlite.prepare('SELECT id, decided_by, decision_outcome FROM gates').all() as { id: string; decided_by: string | null; decision_outcome: string | null }[];
  const seen = new Set<string>();
  for (const gate of gates) {
    seen.add(gate.id);
    if (!facts.gatesAsked.has(gate.id)) problems.push({ table: 'gates', id: gate.id, problem: 'the gate has no gate.asked event: it was inserted behind the ledger' });
    if (gate.decided_by === null) continue;
    const decided = facts.lastDecision.get(gate.id);
    if (!decided) problems.push({ table: 'gates', id: gate.id, problem: `the gate says ${gate.decision_outcome} by ${gate.decided_by}, but the ledger records no decision` });
    else if (decided.by !== gate.decided_by || decided.outcome !== gate.decision_outcome) {
      problems.push({ table: 'gates', id: gate.id, problem: `the gate says ${gate.decision_outcome} by ${gate.decided_by}; the ledger says ${String(decided.outcome)} by ${String(decided.by)}` });
    }
  }
  for (const id of facts.gatesAsked) if (!seen.has(id)) problems.push({ table: 'gates', id, problem: 'the ledger asked this gate but its row is gone' });
}

function checkTodos(store: Store, facts: LedgerFacts, problems: StateProblem[]): void {
  const todos = store.sqlite.prepare('SELECT id, status FROM todos').all() as { id: string; status: string }[];
  for (const todo of todos) {
    if (!facts.todosAdded.has(todo.id)) problems.push({ table: 'todos', id: todo.id, problem: 'the todo has no todo.added event: it was inserted behind the ledger' });
    if (todo.status === 'done' && !facts.todosCompleted.has(todo.id)) problems.push({ table: 'todos', id: todo.id, problem: 'the todo is done, but the ledger records no completion' });
  }
}

function checkQuota(store: Store, facts: LedgerFacts, problems: StateProblem[]): void {
  const rows = store.sqlite.prepare('SELECT id, kind FROM quota_ledger').all() as { id: string; kind: string }[];
  const present = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const known = row.kind === 'spend' ? facts.spends : row.kind === 'void' ? facts.voids : null;
    if (known !== null && !known.has(row.id)) problems.push({ table: 'quota_ledger', id: row.id, problem: `the ${row.kind} has no ledger event: it was inserted behind the ledger` });
  }
  for (const id of [...facts.spends, ...facts.voids]) if (!present.has(id)) problems.push({ table: 'quota_ledger', id, problem: 'the ledger records this quota row but it is gone (deleting a spend frees quota)' });
}

/**
 * Cross-checks the state tables against the ledger: every gate, todo and quota row the ledger created must
 * exist and vice versa, a decided gate must carry the ledger's last decision (who and what), a done todo a
 * completion. Combined with a verified keyed chain, an edit of `gates.decided_by` and the like shows up here.
 */
export function crossCheckState(store: Store): StateProblem[] {
  const facts = readFacts(store);
  const problems: StateProblem[] = [];
  checkGates(store, facts, problems);
  checkTodos(store, facts, problems);
  checkQuota(store, facts, problems);
  return problems;
}
