import { useState } from 'react';
import { Button, Input, Popconfirm, Select, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useAreaRun } from '../../platform/use-run.ts';
import { type AliasRow, textaiApi } from './textai-api.ts';
import { useTextaiT } from './textai-i18n.ts';
import styles from './textai.module.css';

type Kind = AliasRow['kind'];

/** The target of a new alias: a customer, a material (searched by name) or a unit word. */
function TargetInput({ kind, value, onChange }: { kind: Kind; value: number | string | undefined; onChange: (v: number | string | undefined) => void }) {
  const { t } = useTextaiT();
  const [term, setTerm] = useState('');
  const customers = useQuery({ queryKey: ['textai', 'customers'], queryFn: textaiApi.customers, enabled: kind === 'customer', staleTime: 30000 });
  const materials = useQuery({
    queryKey: ['textai', 'materials', term],
    queryFn: () => textaiApi.materials(term),
    enabled: kind === 'material',
    staleTime: 30000,
  });
  if (kind === 'unit')
    return <Input style={{ width: 120 }} placeholder={t('unitWord')} value={value as string | undefined} onChange={(e) => onChange(e.target.value)} />;
  const options =
    kind === 'customer'
      ? (customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))
      : [...new Map((materials.data ?? []).map((m) => [m.id, { value: m.id, label: m.name }])).values()];
  return (
    <Select<number>
      data-testid="textai-alias-target"
      style={{ width: 200 }}
      value={value as number | undefined}
      options={options}
      showSearch={kind === 'customer' ? { optionFilterProp: 'label' } : { filterOption: false, onSearch: setTerm }}
      onChange={onChange}
    />
  );
}

/** 识别别名: the company's aliases, with add and delete (button 1 of the menu). */
export function AliasPanel() {
  const { t } = useTextaiT();
  const run = useAreaRun('textai');
  const list = useQuery({ queryKey: ['textai', 'aliases'], queryFn: textaiApi.aliases });
  const [kind, setKind] = useState<Kind>('material');
  const [target, setTarget] = useState<number | string | undefined>();
  const [alias, setAlias] = useState('');
  const add = async () => {
    const ref = kind === 'unit' ? { targetText: String(target ?? '').trim() || undefined } : { targetId: target as number | undefined };
    if ((await run(textaiApi.addAlias({ kind, alias: alias.trim(), ...ref }), t('added'))) !== undefined) {
      setAlias('');
      setTarget(undefined);
    }
  };
  return (
    <div data-testid="textai-aliases">
      <Typography.Paragraph type="secondary">{t('aliasHint')}</Typography.Paragraph>
      <div className={styles.header}>
        <Select<Kind>
          style={{ width: 100 }}
          value={kind}
          options={(['customer', 'material', 'unit'] as const).map((k) => ({ value: k, label: t(`aliasKind.${k}`) }))}
          onChange={(k) => (setKind(k), setTarget(undefined))}
        />
        <TargetInput kind={kind} value={target} onChange={setTarget} />
        <Input style={{ width: 140 }} placeholder={t('alias')} maxLength={50} value={alias} onChange={(e) => setAlias(e.target.value)} />
        <Button onClick={() => void add()}>{t('add')}</Button>
      </div>
      <Table<AliasRow>
        style={{ marginTop: 8 }}
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('alias'), dataIndex: 'alias' },
          { title: t('target'), render: (_, r) => t('targetOf', { kind: t(`aliasKind.${r.kind}`), name: r.targetName ?? '' }) },
          {
            title: '',
            width: 60,
            render: (_, r) => (
              <Popconfirm title={t('remove')} onConfirm={() => void run(textaiApi.deleteAlias(r.id), t('deleted'))}>
                <Button type="link" danger size="small">
                  {t('remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </div>
  );
}
