import { useQuery } from '@tanstack/react-query';
import type { EntityDef, Field } from '@erp/entities';
import { http, unwrap } from '../../platform/http.ts';
import { storeMaterialProperties } from '../../platform/session.ts';
import { cache, CACHE_KEYS } from '../../platform/storage.ts';

/** A material property (SPEC §3, /materialProperty/getAllList): the alias a company gives one material field. */
export interface MaterialProperty {
  id: number;
  nativeName: string;
  anotherName: string;
  enabled: boolean;
  sort: string;
}

/** Which material field each property renames (the rows are made with the company under these names). */
export const PROPERTY_FIELDS: Record<string, string> = {
  制造商: 'manufacturer',
  自定义1: 'otherField1',
  自定义2: 'otherField2',
  自定义3: 'otherField3',
};

export const PROPERTY_QUERY_KEY = ['materialProperty'];

/** The aliases, first from the sign-in cache (SPEC §4), then fresh from the server. */
export function useMaterialProperties(enabled = true) {
  return useQuery({
    queryKey: PROPERTY_QUERY_KEY,
    enabled,
    initialData: () => cache.get<MaterialProperty[]>(CACHE_KEYS.materialProperties),
    initialDataUpdatedAt: 0,
    queryFn: async () => {
      const list = unwrap(await http.get<MaterialProperty[]>('/materialProperty/getAllList'));
      storeMaterialProperties(list);
      return list;
    },
  });
}

/**
 * The material definition as this company names it: an alias becomes the field's label (both
 * languages: the company typed one name), and a disabled property's field leaves the list.
 */
export function withAliases(def: EntityDef, props: MaterialProperty[] | undefined): EntityDef {
  if (!props?.length) return def;
  const fields: Record<string, Field> = { ...def.fields };
  for (const p of props) {
    const key = PROPERTY_FIELDS[p.nativeName];
    const fd = key ? fields[key] : undefined;
    if (!key || !fd) continue;
    const renamed = p.anotherName && p.anotherName !== p.nativeName ? { zh: p.anotherName, en: p.anotherName } : fd.label;
    fields[key] = { ...fd, label: renamed, list: p.enabled };
  }
  return { ...def, fields };
}
