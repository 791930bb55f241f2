import type { RouteSpec } from '../../platform/http/route.ts';
import type { EntityController } from '../../platform/crud/controller.ts';
import { registerDocumentHook } from '../inventory/index.ts';
import { onArrivalReceived } from '../portal/index.ts';
import { inspectionRoutes } from './inspection.routes.ts';
import { detectionItemController, detectionTemplateController } from './definitions.controller.ts';
import { quarantineDepotController } from './quarantine-depot.controller.ts';
import { qualityProjectController } from './quality-project.controller.ts';
import { inspectPurchaseInbound, refuseWhileHeld } from './inspection.service.ts';
import { refuseUninspectedSale } from './outgoing.service.ts';
// the stock guard and shortage note of the quarantine warehouse
import './quarantine.ts';

/** Quality (issue 18): definitions, inspections with quarantine on the ledger, non-conformance, the dashboard. docs/quality.md */
export const qualityRoutes: RouteSpec[] = [...inspectionRoutes];
export const qualityControllers: EntityController[] = [
  detectionItemController,
  detectionTemplateController,
  quarantineDepotController,
  qualityProjectController,
];

registerDocumentHook({
  // an audited purchase inbound opens its incoming inspections and quarantines their goods;
  // a sale outbound is audited only after its outgoing inspections passed
  afterAudit: async (c, headerId, docKey) => {
    const key =
      docKey ??
      (await c.tx.one<{ doc_key: string }>('select doc_key from depot_head where tenant_id = $1 and id = $2', [c.session.tenantId, headerId]))?.doc_key;
    if (key === 'purchaseIn') await inspectPurchaseInbound(c, headerId);
    if (key === 'saleOut') await refuseUninspectedSale(c.tx, c.session.tenantId, headerId);
  },
  beforeAction: async (c, action, doc) => {
    if (action !== 'audit' && action !== 'approve' && action !== 'submit') await refuseWhileHeld(c, doc);
  },
});

// a supplier's arrival advice turned into a draft purchase inbound: its incoming inspections, with the advice's batches
onArrivalReceived((c, e) => inspectPurchaseInbound(c, e.inboundId));

/** For other areas (operation reports, arrival advice): open an inspection for a lot from their source. */
export { createInspectionFor, type InspectionSource } from './inspection.service.ts';
/** …and hear their verdicts (release, scrap, rework of an operation report's units). */
export { onInspectionDecided, type InspectionOutcome } from './disposition.service.ts';
export { qualityDemoActivity } from './demo-activity.ts';
/** …and list the ones still pending (the work order screen's held units). */
export { pendingInspectionsOf } from './inspection.queries.ts';
