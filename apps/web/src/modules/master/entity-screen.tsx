import { Alert } from 'antd';
import { ENTITIES } from '@erp/entities';
import type { ScreenProps } from '../screens.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';

/** The generic list page of a registry entity, as a menu screen. */
export function entityScreen(name: string, fixedFilter?: Record<string, string>) {
  function EntityScreen({ path, title }: ScreenProps) {
    const def = ENTITIES[name];
    if (!def) return <Alert type="error" showIcon title={`entity ${name} is not in the registry`} />;
    return <EntityListPage key={path} entity={def} path={path} title={title} fixedFilter={fixedFilter} />;
  }
  return EntityScreen;
}
