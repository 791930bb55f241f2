import { useEffect, useState } from 'react';
import { App, Button, Card, Col, Empty, List, Popconfirm, Row, Space, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ScreenProps } from '../../shell/screen.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { labelsApi, type Template } from './labels-api.ts';
import { useLabelsT } from './labels-i18n.ts';
import { PrintPanel, type PickedItem } from './print-panel.tsx';
import { TemplateForm } from './template-form.tsx';

const SYMBOLOGY: Record<string, string> = { code128: 'Code 128', qrcode: 'QR', ean13: 'EAN-13' };

/** A material preselected by the material list's 打印条码 (?materialId=): added once the templates are known. */
function usePreselect(templates: Template[] | undefined, select: (t: Template) => void, setItems: (f: (old: PickedItem[]) => PickedItem[]) => void) {
  const [params] = useSearchParams();
  const materialId = Number(params.get('materialId')) || undefined;
  useEffect(() => {
    const tpl = templates?.find((x) => x.target === 'material');
    if (!materialId || !tpl) return;
    select(tpl);
    void labelsApi.recordsById('material', [materialId]).then((rs) => setItems(() => rs.map((record) => ({ record, copies: tpl.copies }))));
  }, [materialId, templates, select, setItems]);
}

/** 条码打印: label templates on the left, what to print with the chosen one on the right (stacked on a phone). */
export function BarcodePrintPage(_: ScreenProps) {
  const { t } = useLabelsT();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['labels', 'templates'], queryFn: labelsApi.templates });
  const [chosen, setChosen] = useState<number>();
  const [editing, setEditing] = useState<Template | 'new'>();
  const [items, setItems] = useState<PickedItem[]>([]);
  const template = list.data?.find((x) => x.id === chosen) ?? list.data?.[0];
  const select = (x: Template) => {
    if (x.target !== template?.target) setItems([]);
    setChosen(x.id);
  };
  usePreselect(list.data, (x) => setChosen(x.id), setItems);
  const closed = async (saved?: number) => {
    setEditing(undefined);
    if (!saved) return;
    await qc.invalidateQueries({ queryKey: ['labels', 'templates'] });
    setChosen(saved);
  };
  const remove = async (x: Template) => {
    try {
      await labelsApi.remove(x.id);
      await qc.invalidateQueries({ queryKey: ['labels', 'templates'] });
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Card
          size="small"
          title={t('templates')}
          extra={
            <Button type="primary" size="small" onClick={() => setEditing('new')} data-testid="lbl-new">
              {t('newTemplate')}
            </Button>
          }
        >
          <List<Template>
            loading={list.isLoading}
            dataSource={list.data ?? []}
            data-testid="lbl-templates"
            renderItem={(x) => (
              <List.Item
                onClick={() => select(x)}
                style={{ cursor: 'pointer', background: x.id === template?.id ? 'rgba(22,119,255,0.08)' : undefined, paddingInline: 8 }}
                actions={[
                  <a key="e" onClick={(e) => (e.stopPropagation(), setEditing(x))}>
                    {t('edit')}
                  </a>,
                  <Popconfirm key="d" title={t('deleteConfirm', { name: x.name })} onConfirm={() => remove(x)}>
                    <a onClick={(e) => e.stopPropagation()}>{t('delete')}</a>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={x.name}
                  description={
                    <Space size={4} wrap>
                      <Tag>{t(`t.${x.target}`)}</Tag>
                      <Tag color="blue">{SYMBOLOGY[x.symbology]}</Tag>
                      <span>
                        {x.widthMm}×{x.heightMm}mm · {t('perSheet', { n: x.columns * x.rows })}
                      </span>
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card size="small" title={template ? `${t('print')} · ${template.name}` : t('print')}>
          {template ? <PrintPanel template={template} items={items} setItems={setItems} /> : <Empty description={t('pickTemplate')} />}
        </Card>
      </Col>
      <TemplateForm editing={editing} onClose={closed} />
    </Row>
  );
}
