import { useState, type ReactNode } from 'react';
import { Button, Col, Form, Row as GridRow, Space, type FormInstance, type FormProps } from 'antd';
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useCrudT } from './i18n.ts';

/** One filter of a list's search bar: the form field's name, its label and its control. */
export interface SearchItem {
  name: string;
  label: ReactNode;
  node: ReactNode;
  /** 'checked' for a checkbox */
  valuePropName?: string;
}

/**
 * The search bar every list uses (entity lists, documents, reports): the filters in a responsive grid,
 * then search, reset and, past `collapsedCount` filters, expand/collapse. Reset clears the form and
 * calls `onReset` (by default a search with the cleared form).
 */
export function SearchBar(props: {
  form: FormInstance;
  items: SearchItem[];
  onSearch: () => void;
  onReset?: () => void;
  /** a phone: labels above the inputs, tighter rows */
  compact?: boolean;
  collapsedCount?: number;
  labelWidth: string;
  testId: string;
  formProps?: Pick<FormProps, 'initialValues' | 'onValuesChange' | 'style'>;
}) {
  const { t } = useCrudT();
  const [expanded, setExpanded] = useState(false);
  const collapsedCount = props.collapsedCount ?? props.items.length;
  const shown = expanded ? props.items : props.items.slice(0, collapsedCount);
  return (
    <Form
      form={props.form}
      layout={props.compact ? 'vertical' : 'horizontal'}
      labelCol={props.compact ? undefined : { flex: props.labelWidth }}
      onFinish={props.onSearch}
      data-testid={props.testId}
      {...props.formProps}
    >
      <GridRow gutter={[16, 0]}>
        {shown.map((it) => (
          <Col key={it.name} xs={24} md={12} lg={8} xl={6}>
            <Form.Item name={it.name} label={it.label} valuePropName={it.valuePropName} style={{ marginBottom: props.compact ? 8 : 12 }}>
              {it.node}
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12} lg={8} xl={6} style={{ marginLeft: 'auto', textAlign: 'right' }}>
          <Space style={{ marginBottom: 12 }}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
              {t('search')}
            </Button>
            <Button
              onClick={() => {
                props.form.resetFields();
                (props.onReset ?? props.onSearch)();
              }}
              data-testid="search-reset"
            >
              {t('reset')}
            </Button>
            {props.items.length > collapsedCount && (
              <Button type="link" style={{ padding: 0 }} onClick={() => setExpanded((e) => !e)} data-testid="search-expand">
                {expanded ? t('collapse') : t('expand')} {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Space>
        </Col>
      </GridRow>
    </Form>
  );
}
