// Entity definitions shared by server and web (ARCHITECTURE §4).
export * from './kit/index.ts';
export { CUSTOMIZABLE, ENTITIES } from './registry.ts';
export * from './inventory/document-types.ts';
export * from './api/session.ts';
export { sysLogView, tenantView, userView } from './system/admin-views.ts';
export * from './api/documents.ts';
export * from './finance/finance-types.ts';
export * from './workflow/flow.ts';
export * from './crm/index.ts';
export * from './bidding/index.ts';
export * from './quality/index.ts';
export * from './api/text-draft.ts';
export * from './project/record-kinds.ts';
export { PRINT_TEMPLATE_MAX } from './system/print-template.ts';
export * from './manufacturing/scale-frames.ts';
export type { OrderBoard, OrderBoardRow } from './manufacturing/order-board.ts';
