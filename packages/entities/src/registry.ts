import { widen, type EntityDef } from './kit/definition.ts';
import { account } from './master/account.ts';
import { depot } from './master/depot.ts';
import { inOutItem } from './master/in-out-item.ts';
import { person } from './master/person.ts';
import { supplier } from './master/supplier.ts';
import { colorLibrary } from './master/color-library.ts';
import { material } from './master/material.ts';
import { materialAttribute } from './master/material-attribute.ts';
import { materialCategory } from './master/material-category.ts';
import { materialExtend } from './master/material-extend.ts';
import { materialInitialStock } from './master/material-initial-stock.ts';
import { unit } from './master/unit.ts';
import { post } from './manufacturing/post.ts';
import { calendarDay, workCalendar } from './manufacturing/calendar.ts';
import { team, workCentre } from './manufacturing/work-centre.ts';
import { process, route, routeOperation } from './manufacturing/process.ts';
import { bom, bomLine, bomSubstitute, itemPlan } from './manufacturing/bom.ts';
import { makeOrder, makeOrderLine, workOrder, workOrderMaterial } from './manufacturing/make-order.ts';
import { quotation, quotationLine } from './manufacturing/quotation.ts';
import { productionTask } from './manufacturing/production-task.ts';
import { defectType } from './quality/defect-type.ts';
import { outsourcePrice } from './manufacturing/outsource-price.ts';
import { device, deviceType, repairOrder } from './manufacturing/device.ts';
import { deviceInspectionItem, deviceInspectionPlan, deviceInspectionResult, deviceInspectionTask } from './manufacturing/device-inspection.ts';
import { qualityType } from './quality/quality-type.ts';
import { detectionItem, detectionTemplate, detectionTemplateItem } from './quality/detection.ts';
import { qualityProject } from './quality/quality-project.ts';
import { accountPeriod } from './system/account-period.ts';
import { barcodeRule } from './system/barcode-rule.ts';
import { customField } from './system/custom-field.ts';
import { dictData } from './system/dict-data.ts';
import { documentType } from './system/document-type.ts';
import { organization } from './system/organization.ts';
import { reminderSetting } from './system/reminder-setting.ts';
import { role } from './system/role.ts';
import { serialRule } from './system/serial-rule.ts';
import { crmExchangeRate, crmLabel, crmStage } from './crm/index.ts';
import { sysGroup } from './system/sys-group.ts';
import { contact } from './system/contact.ts';
import { positionStatus } from './system/position-status.ts';
import { printTemplate } from './system/print-template.ts';
import { reservoirArea } from './system/reservoir-area.ts';
import { resourcePrice } from './project/resource-price.ts';
import { projectCategory } from './project/project-category.ts';

/** Every entity, by name. Adding an entity: its definition file plus one line here (docs/architecture-notes.md). */
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
    post,
    workCalendar,
    calendarDay,
    workCentre,
    team,
    process,
    route,
    routeOperation,
    bom,
    bomLine,
    bomSubstitute,
    itemPlan,
    makeOrder,
    makeOrderLine,
    workOrder,
    workOrderMaterial,
    productionTask,
    quotation,
    quotationLine,
    defectType,
    outsourcePrice,
    deviceType,
    device,
    repairOrder,
    deviceInspectionItem,
    deviceInspectionPlan,
    deviceInspectionResult,
    deviceInspectionTask,
    qualityType,
    detectionItem,
    detectionTemplate,
    detectionTemplateItem,
    qualityProject,
    crmLabel,
    crmStage,
    crmExchangeRate,
    sysGroup,
    contact,
    positionStatus,
    printTemplate,
    reservoirArea,
    resourcePrice,
    projectCategory,
  ].map((e: EntityDef<any>) => [e.name, widen(e)]),
);

/** The entities a custom field may extend: every master entity, so a new one is customisable the day it lands. */
export const CUSTOMIZABLE = Object.values(ENTITIES).filter((e) => e.kind === 'master');
const entityField = customField.fields.entity;
if (entityField.kind === 'enum') entityField.options.push(...CUSTOMIZABLE.map((e) => ({ value: e.name, label: e.label })));
