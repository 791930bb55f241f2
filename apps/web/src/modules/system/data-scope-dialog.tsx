import { useEffect } from 'react';
import { App, Form, Modal, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../platform/http.ts';
import type { ListReply, Row } from '../../platform/crud/crud-types.ts';
import { useCrudT } from '../../platform/crud/i18n.ts';
import { useSaving } from '../../platform/use-saving.ts';

interface Scope {
  roleId: number;
  depotIds: number[];
  customerIds: number[];
}

/** The most rows one list call returns (docs/api.md); enough for a company's warehouses and customers here. */
const ALL = 1000;

function useOptions(url: string, search: Record<string, unknown>) {
  return useQuery({
    queryKey: ['scope-options', url, search],
    queryFn: async () => {
      const data = unwrap(await http.get<ListReply>(url, { search: JSON.stringify(search), currentPage: 1, pageSize: ALL }));
      return data.rows.map((r) => ({ value: r.id, label: String(r.name) }));
    },
  });
}

/** A role's data scope (SPEC §6): the warehouses and customers its users may see. */
export function DataScopeDialog({ role, canEdit, onClose }: { role: Row; canEdit: boolean; onClose: () => void }) {
  const { t } = useCrudT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ depotIds: number[]; customerIds: number[] }>();
  const [saving, whileSaving] = useSaving();
  const scope = useQuery({
    queryKey: ['role-scope', role.id],
    staleTime: 0,
    queryFn: async () => unwrap(await http.get<Scope>('/role/getDataScope', { id: role.id })),
  });
  const depots = useOptions('/depot/list', {});
  const customers = useOptions('/supplier/list', { type: '客户' });
  useEffect(() => {
    if (scope.data) form.setFieldsValue({ depotIds: scope.data.depotIds, customerIds: scope.data.customerIds });
  }, [scope.data, form]);

  const save = async () => {
    await whileSaving(async () => {
      const v = form.getFieldsValue();
      unwrap(await http.post('/role/setDataScope', { roleId: role.id, depotIds: v.depotIds ?? [], customerIds: v.customerIds ?? [] }));
      message.success(t('role.saved'));
      onClose();
    });
  };

  const select = (opts: typeof depots, label: string) => (
    <Select
      mode="multiple"
      allowClear
      disabled={!canEdit}
      loading={opts.isLoading}
      options={opts.data ?? []}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('selectPlaceholder', { label })}
    />
  );
  return (
    <Modal
      title={t('role.dataScopeTitle', { name: role.name })}
      open
      width={600}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !canEdit, loading: saving }}
      destroyOnHidden
    >
      <div data-testid="scope-dialog">
        <Typography.Paragraph type="secondary">{t('role.scopeHint')}</Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item name="depotIds" label={t('role.depots')}>
            {select(depots, t('role.depotsShort'))}
          </Form.Item>
          <Form.Item name="customerIds" label={t('role.customers')}>
            {select(customers, t('role.customersShort'))}
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
