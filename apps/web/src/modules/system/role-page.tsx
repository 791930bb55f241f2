import { useState } from 'react';
import { Button, Divider } from 'antd';
import { ENTITIES } from '@erp/entities';
import type { ScreenProps } from '../../shell/screen.ts';
import type { Row } from '../../platform/crud/crud-types.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';
import { useCrudT } from '../../platform/crud/i18n.ts';
import { pagePermissions } from '../../platform/crud/permissions.ts';
import { GrantsDialog } from './grants-dialog.tsx';
import { DataScopeDialog } from './data-scope-dialog.tsx';

/** 角色管理 (SPEC §6): the generic role list plus grants and data scope per role. */
export function RolePage({ path, title }: ScreenProps) {
  const { t } = useCrudT();
  const [grants, setGrants] = useState<Row>();
  const [scope, setScope] = useState<Row>();
  // the dialogs save through button 1 calls; without it they open read-only
  const canEdit = pagePermissions(path).edit;
  return (
    <>
      <EntityListPage
        entity={ENTITIES.role}
        path={path}
        title={title}
        rowActions={(row) => (
          <>
            <Divider orientation="vertical" />
            <Button type="link" size="small" onClick={() => setGrants(row)} data-testid="row-grants">
              {t('role.grants')}
            </Button>
            <Divider orientation="vertical" />
            <Button type="link" size="small" onClick={() => setScope(row)} data-testid="row-scope">
              {t('role.dataScope')}
            </Button>
          </>
        )}
      />
      {grants && <GrantsDialog role={grants} canEdit={canEdit} onClose={() => setGrants(undefined)} />}
      {scope && <DataScopeDialog role={scope} canEdit={canEdit} onClose={() => setScope(undefined)} />}
    </>
  );
}
