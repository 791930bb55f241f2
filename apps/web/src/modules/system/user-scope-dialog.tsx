import { useEffect } from 'react';
import { App, Form, Modal, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../platform/http.ts';
import type { ListReply, Row } from '../../platform/crud/crud-types.ts';
import { useFunctionT } from './function-i18n.ts';
import { useSaving } from '../../platform/use-saving.ts';

type Kind = 'UserDepot' | 'UserCustomer';
interface Assignment {
  id: number;
  ids: number[];
}

function useOptions(url: string, search: Record<string, unknown>) {
  return useQuery({
    queryKey: ['scope-options', url, search],
    queryFn: async () => {
      const data = unwrap(await http.get<ListReply>(url, { search: JSON.stringify(search), currentPage: 1, pageSize: 1000 }));
      return data.rows.map((r) => ({ value: r.id, label: String(r.name) }));
    },
  });
}

/** Saves one kind: add when the user has none, update (an empty list removes it) otherwise. */
async function saveKind(userId: number, type: Kind, had: boolean, ids: number[]) {
  if (!had && !ids.length) return;
  const body = { type, keyId: userId, value: ids };
  unwrap(await (had ? http.put('/userBusiness/update', body) : http.post('/userBusiness/add', body)));
}

/** A user's own warehouses and customers (SPEC §6, /userBusiness UserDepot and UserCustomer). */
export function UserScopeDialog({ user, onClose }: { user: Row; onClose: () => void }) {
  const { t } = useFunctionT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ UserDepot: number[]; UserCustomer: number[] }>();
  const [saving, whileSaving] = useSaving();
  const current = useQuery({
    queryKey: ['user-scope', user.id],
    staleTime: 0,
    queryFn: async () => {
      const one = async (type: Kind) => unwrap(await http.get<Assignment | null>('/userBusiness/info', { type, keyId: user.id as number }));
      return { UserDepot: await one('UserDepot'), UserCustomer: await one('UserCustomer') };
    },
  });
  const depots = useOptions('/depot/list', {});
  const customers = useOptions('/supplier/list', { type: '客户' });
  useEffect(() => {
    if (current.data) form.setFieldsValue({ UserDepot: current.data.UserDepot?.ids ?? [], UserCustomer: current.data.UserCustomer?.ids ?? [] });
  }, [current.data, form]);

  const save = async () => {
    await whileSaving(async () => {
      const v = form.getFieldsValue();
      for (const k of ['UserDepot', 'UserCustomer'] as const) await saveKind(user.id as number, k, !!current.data?.[k], v[k] ?? []);
      message.success(t('saved'));
      onClose();
    });
  };
  const select = (opts: typeof depots) => (
    <Select mode="multiple" allowClear loading={opts.isLoading} options={opts.data ?? []} showSearch={{ optionFilterProp: 'label' }} />
  );
  return (
    <Modal
      title={t('assignTitle', { name: user.username ?? user.loginName })}
      open
      width={600}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <div data-testid="user-scope-dialog">
        <Typography.Paragraph type="secondary">{t('assignHint')}</Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item name="UserDepot" label={t('depots')}>
            {select(depots)}
          </Form.Item>
          <Form.Item name="UserCustomer" label={t('customers')}>
            {select(customers)}
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
