// Re-exports only: the Lark Base (Bitable) projection, as the rest of the app uses it.
export { bindGoalToBase, type BaseBindInput, type BaseBinding } from './bind.js';
export { createBaseEngine, type BaseEngine } from './engine.js';
export { BASE_BATCH_SIZE, BASE_PAGE_SIZE, type BaseApi, type BaseFailure, type BaseField, type BaseFieldSpec, type BaseRecord, type BaseReply } from './port.js';
export { BASE_FIELDS, baseLocaleOf, baseSchema, schemaGaps } from './schema.js';
export type { BaseTableRef } from '../../store/base-rows.js';
