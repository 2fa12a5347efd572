/** The seven Kanban lanes, in board order. The lane rule itself is SQL: src/store/todo-lanes.ts. */
export const LANES = ['todo', 'claimed', 'running', 'review', 'blocked', 'user_gate', 'done'] as const;
/** A Kanban lane id. */
export type Lane = (typeof LANES)[number];

/** Human labels for the lanes. */
export const LANE_LABELS: Readonly<Record<Lane, string>> = {
  todo: 'Todo',
  claimed: 'Claimed',
  running: 'Running',
  review: 'Review',
  blocked: 'Blocked',
  user_gate: 'User Gate',
  done: 'Done',
};

/** Counts per lane, every lane present. */
export function emptyLaneCounts(): Record<Lane, number> {
  return { todo: 0, claimed: 0, running: 0, review: 0, blocked: 0, user_gate: 0, done: 0 };
}
