import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Switch, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ENTITIES } from '@erp/entities';
import type { ScreenProps } from '../../shell/screen.ts';
import { http, unwrap } from '../../platform/http.ts';
import { pagePermissions } from '../../platform/crud/permissions.ts';
import { text } from '../../platform/crud/labels.ts';
import { useAdminT } from '../system/index.ts';
import { PROPERTY_FIELDS, PROPERTY_QUERY_KEY, type MaterialProperty } from './material-aliases.ts';
import { useSaving } from '../../platform/use-saving.ts';

type Draft = Pick<MaterialProperty, 'anotherName' | 'enabled' | 'sort'>;

/** 扩展属性 (SPEC §7.6 /materialProperty/update): the material field aliases, edited in their row. */
export function MaterialPropertyPage({ path }: ScreenProps) {
  const { t, i18n } = useAdminT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = pagePermissions(path).edit;
  const [editing, setEditing] = useState<number>();
  const [saving, whileSaving] = useSaving();
  const [form] = Form.useForm<Draft>();
  const list = useQuery({
    queryKey: ['materialProperty', 'list'],
    queryFn: async () => unwrap(await http.get<{ rows: MaterialProperty[] }>('/materialProperty/list', { currentPage: 1, pageSize: 100 })).rows,
  });

  const save = async (id: number) => {
    let values: Draft;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    await whileSaving(async () => {
      const r = unwrap(await http.put<{ message: string }>('/materialProperty/update', { id, ...values }));
      message.success(r.message);
      setEditing(undefined);
      // the material screens read the aliases from this query (and the sign-in cache it refreshes)
      await queryClient.invalidateQueries({ queryKey: PROPERTY_QUERY_KEY });
    });
  };

  const material = ENTITIES.material!;
  const isEditing = (r: MaterialProperty) => r.id === editing;
  const columns = [
    {
      title: t('prop.field'),
      key: 'field',
      width: 160,
      render: (_: unknown, r: MaterialProperty) => {
        const fd = material.fields[PROPERTY_FIELDS[r.nativeName] ?? ''];
        return fd ? `${text(fd.label, i18n.language)} (${PROPERTY_FIELDS[r.nativeName]})` : '-';
      },
    },
    { title: t('prop.nativeName'), dataIndex: 'nativeName', width: 120 },
    {
      title: t('prop.anotherName'),
      dataIndex: 'anotherName',
      width: 200,
      render: (v: string, r: MaterialProperty) =>
        isEditing(r) ? (
          <Form.Item name="anotherName" rules={[{ required: true, whitespace: true, message: t('prop.required') }, { max: 50 }]} style={{ margin: 0 }}>
            <Input maxLength={50} data-testid="prop-alias" />
          </Form.Item>
        ) : (
          v
        ),
    },
    {
      title: t('prop.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (v: boolean, r: MaterialProperty) =>
        isEditing(r) ? (
          <Form.Item name="enabled" valuePropName="checked" style={{ margin: 0 }}>
            <Switch size="small" data-testid="prop-enabled" />
          </Form.Item>
        ) : (
          t(v ? 'yes' : 'no')
        ),
    },
    {
      title: t('prop.sort'),
      dataIndex: 'sort',
      width: 100,
      render: (v: string, r: MaterialProperty) =>
        isEditing(r) ? (
          <Form.Item name="sort" rules={[{ max: 10 }]} style={{ margin: 0 }}>
            <Input maxLength={10} />
          </Form.Item>
        ) : (
          v
        ),
    },
    ...(canEdit
      ? [
          {
            title: t('action'),
            key: 'action',
            width: 140,
            render: (_: unknown, r: MaterialProperty) =>
              isEditing(r) ? (
                <span style={{ whiteSpace: 'nowrap' }}>
                  <Button type="link" size="small" loading={saving} onClick={() => void save(r.id)} data-testid="prop-save">
                    {t('save')}
                  </Button>
                  <Button type="link" size="small" onClick={() => setEditing(undefined)}>
                    {t('cancel')}
                  </Button>
                </span>
              ) : (
                <Button
                  type="link"
                  size="small"
                  disabled={editing !== undefined}
                  onClick={() => {
                    form.setFieldsValue({ anotherName: r.anotherName, enabled: r.enabled, sort: r.sort });
                    setEditing(r.id);
                  }}
                  data-testid="prop-edit"
                >
                  {t('edit')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <Card size="small" data-testid="material-property-page">
      <Alert type="info" showIcon title={t('prop.hint')} style={{ marginBottom: 12 }} />
      <Form form={form} component={false}>
        <Table<MaterialProperty>
          rowKey="id"
          size="middle"
          bordered
          loading={list.isFetching}
          dataSource={list.data ?? []}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="property-table"
        />
      </Form>
    </Card>
  );
}
