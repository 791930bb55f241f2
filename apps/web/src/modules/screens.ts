import type { Screen } from '../shell/screen.ts';
import { INVENTORY_SCREENS } from './inventory/index.ts';
import { FINANCE_SCREENS } from './finance/index.ts';
import { MASTER_SCREENS } from './master/index.ts';
import { ADMIN_SCREENS } from './system/index.ts';
import { WORKFLOW_SCREENS } from './workflow/index.ts';
import { MANUFACTURING_SCREENS } from './manufacturing/index.ts';
import { CRM_SCREENS } from './crm/index.ts';
import { BIDDING_SCREENS } from './bidding/index.ts';
import { PROJECT_BLANK_SCREENS, PROJECT_SCREENS } from './project/index.ts';
import { BOARD_SCREENS } from './dashboard/index.ts';
import { SHOPFLOOR_SCREENS } from './shopfloor/index.ts';
import { PORTAL_SCREENS } from './portal/index.ts';
import { QUALITY_SCREENS } from './quality/index.ts';
import { TEXTAI_SCREENS } from './textai/index.ts';
import { LABEL_SCREENS } from './labels/index.ts';

/**
 * The screens by menu url. Every menu leaf has one (e2e/menu-walk.test.ts fails otherwise; a leaf without one
 * shows 404). Each area adds one line here: its module's screen list (a later entry wins, so an entity's own page
 * replaces its generic one).
 */
export const SCREENS: Record<string, Screen> = {
  ...MASTER_SCREENS,
  ...INVENTORY_SCREENS,
  ...FINANCE_SCREENS,
  ...ADMIN_SCREENS,
  ...WORKFLOW_SCREENS,
  ...MANUFACTURING_SCREENS,
  ...CRM_SCREENS,
  ...BIDDING_SCREENS,
  ...PROJECT_SCREENS,
  ...BOARD_SCREENS,
  ...SHOPFLOOR_SCREENS,
  ...PORTAL_SCREENS,
  ...QUALITY_SCREENS,
  ...TEXTAI_SCREENS,
  ...LABEL_SCREENS,
};

/** The full-page forms of /blank/:page (SPEC §2.1) that exist, by page name. */
export const BLANK_SCREENS = { ...PROJECT_BLANK_SCREENS };
