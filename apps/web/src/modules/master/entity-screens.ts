import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenProps } from '../screens.ts';

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

const generic = (entity: string, fixedFilter?: Record<string, string>): Screen =>
  lazy(() => import('./entity-screen.tsx').then((m) => ({ default: m.entityScreen(entity, fixedFilter) })));

/**
 * The entity kit's screens by menu url: every registry entity (packages/entities registry.ts,
 * its `menu`) on the generic list page, and the administration pages built from the same parts.
 * Entity names are written out rather than read from the registry, because importing the
 * registry here would pull zod into the shell's chunk; the browser journey opens every one.
 */
export const ENTITY_SCREENS: Record<string, Screen> = {
  '/system/vendor': generic('supplier', { type: '供应商' }),
  '/system/customer': generic('supplier', { type: '客户' }),
  '/system/member': generic('supplier', { type: '会员' }),
  '/system/depot': generic('depot'),
  '/system/account': generic('account'),
  '/system/in_out_item': generic('inOutItem'),
  '/system/person': generic('person'),
  '/system/unit': generic('unit'),
  '/material/material': generic('material'),
  '/material/material_category': generic('materialCategory'),
  '/material/material_attribute': generic('materialAttribute'),
  '/material/color_library': generic('colorLibrary'),
  '/system/organization': generic('organization'),
  '/system/barcode_rule': generic('barcodeRule'),
  '/system/serial_rule': generic('serialRule'),
  '/system/custom_field': generic('customField'),
  '/system/document_type': generic('documentType'),
  '/system/reminder': generic('reminderSetting'),
  '/system/account_period': generic('accountPeriod'),
  '/system/dict': generic('dictData'),
  '/system/log': lazy(() => import('../system/log-page.tsx').then((m) => ({ default: m.LogPage }))),
  '/system/role': lazy(() => import('../system/role-page.tsx').then((m) => ({ default: m.RolePage }))),
  '/system/user': lazy(() => import('../system/user-page.tsx').then((m) => ({ default: m.UserPage }))),
  '/system/tenant': lazy(() => import('../system/tenant-page.tsx').then((m) => ({ default: m.TenantPage }))),
};
