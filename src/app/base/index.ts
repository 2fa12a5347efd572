// Re-exports only: the Lark Base (Bitable) projection.
export { bindGoalToBase, parseBaseTarget, type BaseBindInput, type BaseBinding, type BaseTarget } from './bind.js';
export { createBaseEngine, type BaseEngine, type BaseEngineOptions } from './engine.js';
export { BASE_BATCH_SIZE, BASE_PAGE_SIZE, type BaseApi, type BaseCondition, type BaseFailure, type BaseField, type BaseFieldSpec, type BaseRecord, type BaseReply, type BaseView } from './port.js';
export { reconcileBaseTable, type BaseReconcileReport } from './reconcile.js';
export { BASE_FIELDS, baseLocaleOf, baseSchema, FIELD_TYPE, schemaGaps, type BaseSchema } from './schema.js';
export { BASE_LIMITS, type BaseSendReport } from './sender.js';
export { setUpBaseTable, type BaseSetup } from './setup.js';
export type { BaseTableRef } from '../../store/base-rows.js';
