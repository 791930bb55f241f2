import type { EntityDef } from './kit/define-entity.ts';
import { account } from './master/account.ts';
import { depot } from './master/depot.ts';
import { inOutItem } from './master/in-out-item.ts';
import { person } from './master/person.ts';
import { supplier } from './master/supplier.ts';
import { colorLibrary } from './material/color-library.ts';
import { material } from './material/material.ts';
import { materialAttribute } from './material/material-attribute.ts';
import { materialCategory } from './material/material-category.ts';
import { materialExtend } from './material/material-extend.ts';
import { materialInitialStock } from './material/material-initial-stock.ts';
import { unit } from './material/unit.ts';
import { accountPeriod } from './system/account-period.ts';
import { barcodeRule } from './system/barcode-rule.ts';
import { customField } from './system/custom-field.ts';
import { dictData } from './system/dict-data.ts';
import { documentType } from './system/document-type.ts';
import { organization } from './system/organization.ts';
import { reminderSetting } from './system/reminder-setting.ts';
import { role } from './system/role.ts';
import { serialRule } from './system/serial-rule.ts';

/** Every entity, by name. Adding an entity: its definition file plus one line here. */
export const ENTITIES: Record<string, EntityDef> = Object.fromEntries(
  [
    person,
    depot,
    account,
    inOutItem,
    supplier,
    materialCategory,
    unit,
    materialAttribute,
    colorLibrary,
    material,
    materialExtend,
    materialInitialStock,
    organization,
    role,
    barcodeRule,
    serialRule,
    customField,
    documentType,
    reminderSetting,
    accountPeriod,
    dictData,
  ].map((e) => [e.name, e as unknown as EntityDef]),
);
