// Re-exports only: the neutral card builders every surface (Slack, Lark, web) renders.
export { boardCard, boardCardKey, BOARD_GATES_WITH_BUTTONS } from './board-card.js';
export { gateButtons, gateCard, gateCardKey, outcomeLine } from './gate-card.js';
export type { Card, CardBlock, CardButton, CardItem, CardLink, Tone } from './model.js';
export type { BoardView, GateDecisionView, GateView, LaneView, PendingGateSummary } from './views.js';
