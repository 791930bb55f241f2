import { useMemo } from 'react';
import { Alert } from 'antd';
import { ENTITIES, type EntityDef } from '@erp/entities';
import type { ScreenProps } from '../../shell/screen.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';
import { useMaterialProperties, withAliases } from './material-aliases.ts';
import { MATERIAL_FORM } from './material-form.tsx';

/** Materials are shown under the company's field aliases (/material/material_property). */
function useNamedDef(def: EntityDef | undefined): EntityDef | undefined {
  const aliased = def?.name === 'material';
  const props = useMaterialProperties(aliased);
  return useMemo(() => (def && aliased ? withAliases(def, props.data) : def), [def, aliased, props.data]);
}

/** The generic list page of a registry entity, as a menu screen. */
export function entityScreen(name: string, fixedFilter?: Record<string, string>) {
  function EntityScreen({ path, title }: ScreenProps) {
    const def = useNamedDef(ENTITIES[name]);
    if (!def) return <Alert type="error" showIcon title={`entity ${name} is not in the registry`} />;
    const extra = name === 'material' ? MATERIAL_FORM : undefined;
    return <EntityListPage key={path} entity={def} path={path} title={title} fixedFilter={fixedFilter} {...extra} />;
  }
  return EntityScreen;
}
