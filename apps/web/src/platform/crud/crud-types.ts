import type { ReactNode } from 'react';
import type { FormInstance } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { EntityDef } from '@erp/entities';

/** A list row as the generic calls return it (docs/api.md, Entity kit). */
export type Row = Record<string, unknown> & { id: number };

/** The addresses a list page and its form use; names follow SPEC §5 (url.list, url.delete …). */
export interface EntityUrls {
  list?: string;
  /** one record with its child lines (forms of entities with lines) */
  info?: string;
  add?: string;
  edit?: string;
  delete?: string;
  deleteBatch?: string;
  batchSetStatusUrl?: string;
  checkName?: string;
  exportXls?: string;
  importExcel?: string;
}

export interface ListReply {
  rows: Row[];
  total: number;
  /** the server counted up to its cap and estimated the rest (a list of a million rows) */
  totalEstimated?: boolean;
  sums?: Record<string, number>;
}

/** A form input the generic form cannot derive from a field kind (users' roles, for one). */
export type FieldRender = (ctx: { form: FormInstance; row?: Row; disabled: boolean }) => ReactNode;

/**
 * What a page tells the kit beyond the definition. Registry entities need none of it; the custom
 * pages (users, tenants, roles) pass their own addresses and the few differences of their calls.
 */
export interface CrudOptions {
  /** replaces the addresses derived from the entity name */
  urls?: EntityUrls;
  /** always part of the search and preset in the form (partners: type 供应商 / 客户 / 会员) */
  fixedFilter?: Record<string, string>;
  /** buttons this page offers at all (permissions still apply); all on by default, approve when the entity has a status */
  features?: Partial<Record<'add' | 'edit' | 'delete' | 'status' | 'export' | 'import' | 'print' | 'approve', boolean>>;
  /** may the list be sorted by createTime and filtered by a createTime range (generic lists: yes) */
  createTimeQuery?: boolean;
  /** the list's row as the kit reads it (users: status 0/2 → enabled) */
  mapRow?: (row: Row) => Row;
  /** the body of a status change (users send 0/2 instead of true/false) */
  statusBody?: (on: boolean, ids: string) => unknown;
  /** the body of add / update from the form values */
  toBody?: (values: Record<string, unknown>, row?: Row) => Record<string, unknown>;
  /** form values from a row when editing */
  toForm?: (row: Row) => Record<string, unknown>;
  /** custom form inputs by field name */
  formFields?: Record<string, FieldRender>;
  /** a full-width block of the form placed before the named field (materials: the base barcode and prices) */
  formSections?: Record<string, FieldRender>;
  /** changes the derived form values of a row (after the default conversion) */
  adjustForm?: (values: Record<string, unknown>, row: Row) => Record<string, unknown>;
  /** changes the derived add / update body (after the default conversion) */
  adjustBody?: (body: Record<string, unknown>, values: Record<string, unknown>, row?: Row) => Record<string, unknown>;
  /** the crud i18n key shown on the name field when the name is taken (default nameExists) */
  nameTakenKey?: string;
  /** fields shown in the form only when adding (login names) */
  createOnly?: string[];
  /** columns the definition cannot describe (role names of a user …), placed before createTime */
  extraColumns?: ColumnType<Row>[];
  /** more row actions after edit / delete */
  rowActions?: (row: Row, reload: () => void) => ReactNode;
}

export interface EntityPageProps extends CrudOptions {
  entity: EntityDef;
  path: string;
  title: string;
}
