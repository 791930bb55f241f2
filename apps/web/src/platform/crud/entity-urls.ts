import type { EntityDef } from '@erp/entities';
import type { CrudOptions, EntityUrls } from './crud-types.ts';
import { i18n } from '../i18n/index.ts';
import { CRUD_NS } from './i18n.ts';

/** The generic calls of an entity (docs/api.md, Entity kit). */
export function entityUrls(def: EntityDef): EntityUrls {
  const b = `/${def.name}`;
  return {
    list: `${b}/list`,
    info: `${b}/info`,
    add: `${b}/add`,
    edit: `${b}/update`,
    delete: `${b}/delete`,
    deleteBatch: `${b}/deleteBatch`,
    batchSetStatusUrl: def.status ? `${b}/batchSetStatus` : undefined,
    checkName: def.nameField ? `${b}/checkIsNameExist` : undefined,
    exportXls: `${b}/exportExcel`,
    importExcel: `${b}/importExcel`,
  };
}

export function resolveUrls(def: EntityDef, opts: CrudOptions): EntityUrls {
  return opts.urls ?? entityUrls(def);
}

/** Thrown when a page misses an address it needs; the message is SPEC §5's 请设置url.X属性!. */
export class MissingUrlError extends Error {}

/** The address or the SPEC §5 refusal: pages that pass their own urls get told what is missing. */
export function needUrl(urls: EntityUrls, name: keyof EntityUrls): string {
  const u = urls[name];
  if (!u) throw new MissingUrlError(i18n.t('noUrl', { ns: CRUD_NS, name }));
  return u;
}
