import type { RouteSpec } from '../../../platform/http/route.ts';
import type { EntityController } from '../../../platform/crud/controller.ts';
import { accountPeriodController } from './account-period.controller.ts';
import { barcodeRuleController } from './barcode-rule.controller.ts';
import { customFieldController } from './custom-field.controller.ts';
import { dictDataController } from './dict-data.controller.ts';
import { documentTypeController } from './document-type.controller.ts';
import { organizationController } from './organization.controller.ts';
import { reminderSettingController } from './reminder-setting.controller.ts';
import { roleController } from './role.controller.ts';
import { serialRuleController } from './serial-rule.controller.ts';
import { logRoutes } from './log.routes.ts';
import { organizationRoutes } from './organization.routes.ts';
import { roleRoutes } from './role.routes.ts';
import { tenantRoutes } from './tenant.routes.ts';
import { userRoutes } from './user.routes.ts';
import { userBusinessRoutes } from './user-business.routes.ts';
import { billingRoutes } from './billing.routes.ts';

/**
 * Administration (roles, users, organizations, tenants): the calls beyond the generic
 * /role and /organization entity endpoints, and the read-only operation log.
 */
export const adminRoutes: RouteSpec[] = [
  ...roleRoutes,
  ...userRoutes,
  ...organizationRoutes,
  ...tenantRoutes,
  ...logRoutes,
  ...userBusinessRoutes,
  ...billingRoutes,
];

/** Behaviour of the administration entities beyond their definitions. */
export const adminControllers: EntityController[] = [
  roleController,
  organizationController,
  barcodeRuleController,
  serialRuleController,
  documentTypeController,
  customFieldController,
  reminderSettingController,
  accountPeriodController,
  dictDataController,
];
