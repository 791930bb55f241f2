import { Button, Form, Table, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { Field } from '@erp/entities';
import type { Row } from './crud-types.ts';
import { fieldInput } from './form-field.tsx';
import { fieldRules } from './form-rules.ts';
import { lineFields } from './form-values.ts';
import { text } from './labels.ts';

const CELL_WIDTH: Partial<Record<Field['kind'], number>> = { bool: 90, money: 100, quantity: 110, number: 100, link: 180 };
const cellWidth = (fd: Field) => CELL_WIDTH[fd.kind] ?? (fd.kind === 'text' && (fd.max ?? 255) <= 20 ? 100 : 140);

/**
 * A `lines` field (child rows saved with their parent, e.g. a material's barcodes): an editable
 * table whose cells are the child definition's inputs and checks.
 */
export function LinesField(props: { name: string; fd: Extract<Field, { kind: 'lines' }>; form: FormInstance; t: TFunction; lang: string }) {
  const { name, fd, form, t, lang } = props;
  const cols = lineFields(fd);
  const max = fd.maxLines ?? 500;
  const label = text(fd.label, lang);
  return (
    <Form.Item label={label} layout="vertical" labelCol={{ flex: 'none' }} required={fd.required} style={{ marginBottom: 16 }} data-testid={`lines-${name}`}>
      <Form.List name={name}>
        {(items, { add, remove }) => (
          <>
            {items.length > 0 && (
              <Table
                size="small"
                bordered
                pagination={false}
                rowKey="key"
                dataSource={items}
                scroll={{ x: 'max-content' }}
                columns={[
                  ...cols.map(([k, cfd]) => {
                    const l = text(cfd.label, lang);
                    return {
                      key: k,
                      width: cellWidth(cfd),
                      title: cfd.required ? (
                        <span>
                          <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span>
                          {l}
                        </span>
                      ) : (
                        l
                      ),
                      render: (_v: unknown, item: (typeof items)[number]) => (
                        <Form.Item
                          name={[item.name, k]}
                          rules={fieldRules(cfd, l, t, lang)}
                          valuePropName={cfd.kind === 'bool' ? 'checked' : 'value'}
                          style={{ margin: 0 }}
                        >
                          {fieldInput({
                            def: fd.of,
                            field: k,
                            fd: cfd,
                            label: l,
                            row: form.getFieldValue([name, item.name]) as Row | undefined,
                            disabled: false,
                            t,
                          })}
                        </Form.Item>
                      ),
                    };
                  }),
                  {
                    key: '__remove',
                    width: 48,
                    render: (_v: unknown, item: (typeof items)[number]) => (
                      <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => remove(item.name)} />
                    ),
                  },
                ]}
              />
            )}
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              style={{ marginTop: items.length ? 8 : 0 }}
              disabled={items.length >= max}
              onClick={() => add(Object.fromEntries(cols.filter(([, c]) => c.kind === 'bool').map(([k]) => [k, false])))}
              data-testid={`lines-${name}-add`}
            >
              {t('addLine', { label })}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
