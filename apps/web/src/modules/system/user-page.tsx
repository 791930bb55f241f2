import { useState } from 'react';
import { App, Button, Divider, Select, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ENTITIES, userView } from '@erp/entities';
import { http, unwrap } from '../../platform/http.ts';
import type { ScreenProps } from '../../shell/screen.ts';
import type { CrudOptions, Row } from '../../platform/crud/crud-types.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { useCrudT } from '../../platform/crud/i18n.ts';
import { ParentSelect } from '../../platform/crud/parent-select.tsx';
import { pagePermissions } from '../../platform/crud/permissions.ts';
import { useFunctionT } from './function-i18n.ts';
import { UserScopeDialog } from './user-scope-dialog.tsx';

const EDITABLE = ['username', 'phone', 'email', 'position', 'description', 'isManager', 'roleIds', 'orgIds'];

function RolesSelect(props: { value?: number[]; onChange?: (v: number[]) => void; disabled?: boolean }) {
  const { t } = useCrudT();
  const roles = useQuery({
    queryKey: ['role-all'],
    queryFn: async () => unwrap(await http.get<Array<{ id: number; name: string }>>('/role/allList')),
  });
  return (
    <Select
      mode="multiple"
      {...props}
      loading={roles.isLoading}
      placeholder={t('selectPlaceholder', { label: t('userView.rolesShort') })}
      options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
      showSearch={{ optionFilterProp: 'label' }}
      data-testid="field-roleIds"
    />
  );
}

function OrgsSelect(props: { value?: number[]; onChange?: (v: number[]) => void }) {
  const { t } = useCrudT();
  return <ParentSelect entity={ENTITIES.organization} multiple {...props} placeholder={t('selectPlaceholder', { label: t('userView.orgsShort') })} />;
}

function ResetPassword({ row }: { row: Row }) {
  const { t } = useCrudT();
  const { modal, message } = App.useApp();
  const reset = () =>
    modal.confirm({
      title: t('confirmTitle'),
      content: t('userView.resetConfirm', { name: row.loginName }),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          const r = unwrap(await http.post<{ message: string }>('/user/resetPwd', { id: row.id }));
          message.success(r.message);
        } catch (e) {
          const msg = failureText(e);
          if (msg) message.warning(msg);
        }
      },
    });
  return (
    <Button type="link" size="small" onClick={reset}>
      {t('userView.resetPwd')}
    </Button>
  );
}

const options: CrudOptions = {
  urls: {
    list: '/user/getUserList',
    add: '/user/addUser',
    edit: '/user/updateUser',
    delete: '/user/delete',
    deleteBatch: '/user/deleteBatch',
    batchSetStatusUrl: '/user/batchSetStatus',
    checkName: '/user/checkIsNameExist',
  },
  features: { export: false, import: false, approve: false },
  nameTakenKey: 'userView.loginNameExists',
  // status 0 normal, 2 blacklisted (docs/api.md)
  mapRow: (r) => ({ ...r, enabled: Number(r.status) === 0 }),
  statusBody: (on, ids) => ({ status: on ? 0 : 2, ids }),
  createOnly: ['loginName'],
  toForm: (r) => Object.fromEntries(['loginName', ...EDITABLE].map((k) => [k, r[k] ?? (k === 'isManager' ? false : undefined)])),
  toBody: (v, row) => {
    const keys = row ? EDITABLE : ['loginName', ...EDITABLE];
    return Object.fromEntries(keys.map((k) => [k, typeof v[k] === 'string' ? (v[k] as string).trim() : (v[k] ?? (k === 'orgIds' ? [] : null))]));
  },
  formFields: {
    roleIds: ({ disabled }) => <RolesSelect disabled={disabled} />,
    orgIds: () => <OrgsSelect />,
  },
  extraColumns: [
    { key: 'roleName', dataIndex: 'roleName', title: '', width: 160, ellipsis: true },
    { key: 'orgName', dataIndex: 'orgName', title: '', width: 160, ellipsis: true },
  ],
};

/** 用户管理 (SPEC §6): the generic list and form over the /user calls, plus password reset. */
export function UserPage({ path, title }: ScreenProps) {
  const { t } = useCrudT();
  const extraColumns = options.extraColumns!.map((c) => ({
    ...c,
    title: t(c.key === 'roleName' ? 'userView.roles' : 'userView.orgs'),
    render: (v: unknown) => (typeof v === 'string' && v ? v.split(',').map((s) => <Tag key={s}>{s}</Tag>) : null),
  }));
  const ft = useFunctionT().t;
  const [scope, setScope] = useState<Row>();
  const canEdit = pagePermissions(path).edit;
  return (
    <>
      <EntityListPage
        entity={userView}
        path={path}
        title={title}
        {...options}
        extraColumns={extraColumns}
        rowActions={(row) => (
          <>
            <ResetPassword row={row} />
            {canEdit && (
              <>
                <Divider orientation="vertical" />
                <Button type="link" size="small" onClick={() => setScope(row)} data-testid="row-user-scope">
                  {ft('assign')}
                </Button>
              </>
            )}
          </>
        )}
      />
      {scope && <UserScopeDialog user={scope} onClose={() => setScope(undefined)} />}
    </>
  );
}
