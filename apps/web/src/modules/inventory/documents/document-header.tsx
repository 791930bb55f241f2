import { memo, type ReactNode } from 'react';
import { Button, Col, DatePicker, Form, Input, Select, Space } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import type { DocType } from '@erp/entities/document-types';
import { UploadField } from '../../../platform/crud/upload-field.tsx';
import type { Option } from './document-api.ts';
import { useDocumentT } from './document-i18n.ts';
import type { Header } from './document-line.ts';

type Field = (name: keyof Header, label: string, node: ReactNode, span?: number, required?: boolean) => ReactNode;
function useField(): Field {
  const { t } = useDocumentT();
  return (name, label, node, span = 6, required = false) => (
    <Col xs={24} md={12} lg={span}>
      <Form.Item name={name} label={label} rules={required ? [{ required: true, message: t('required', { label }) }] : undefined}>
        {node}
      </Form.Item>
    </Col>
  );
}

/**
 * Header fields of a document by its type (SPEC §3): partner, date, warehouses, handler, linked document,
 * salespeople, order type and delivery date (sales side), transport (purchase side). Memoised: typing in the
 * line grid does not render them again.
 */
export const HeaderFields = memo(function HeaderFields(props: {
  docType: DocType;
  depotOptions: { value: number; label: string }[];
  partners: Option[];
  salespeople: Option[];
  keepers: Option[];
  orderTypes: { value: string; label: string }[];
  readOnly: boolean;
  onDepot: (field: 'depotId' | 'anotherDepotId', id: number | undefined) => void;
  onLink: () => void;
}) {
  const { t } = useDocumentT();
  const field = useField();
  const { docType } = props;
  const sales = docType.partner === '客户' || docType.partner === '会员';
  const purchase = docType.partner === '供应商';
  return (
    <>
      {docType.partner &&
        field(
          'organId',
          t(`organ.${docType.partner}`),
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            options={props.partners.map((p) => ({ value: p.id, label: p.name }))}
            data-testid="bill-organ"
          />,
          6,
          docType.partner !== '会员',
        )}
      {field('operTime', t('operTime'), <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} allowClear={false} />)}
      {!docType.prices &&
        field('depotId', t('depot'), <Select options={props.depotOptions} onChange={(v: number) => props.onDepot('depotId', v)} data-testid="bill-depot" />)}
      {docType.stock === 'transfer' &&
        field('anotherDepotId', t('anotherDepot'), <Select options={props.depotOptions} onChange={(v: number) => props.onDepot('anotherDepotId', v)} />)}
      {field(
        'handsPersonId',
        t('handsPerson'),
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          options={props.keepers.map((p) => ({ value: p.id, label: p.name }))}
          data-testid="bill-hands-person"
        />,
      )}
      {docType.linkFrom && (
        <Col xs={24} md={12} lg={6}>
          <Form.Item label={t('linkNumber')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="linkNumber" noStyle>
                <Input readOnly data-testid="bill-link-number" />
              </Form.Item>
              {!props.readOnly && (
                <Button icon={<LinkOutlined />} onClick={props.onLink} data-testid="bill-link">
                  {t('chooseLink')}
                </Button>
              )}
            </Space.Compact>
          </Form.Item>
        </Col>
      )}
      {sales &&
        field(
          'salesMan',
          t('salesMan'),
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={props.salespeople.map((p) => ({ value: p.id, label: p.name }))}
            data-testid="bill-salesman"
          />,
        )}
      {docType.partner === '客户' && field('orderType', t('orderType'), <Select allowClear options={props.orderTypes} data-testid="bill-order-type" />)}
      {sales &&
        docType.key !== 'retailOut' &&
        docType.key !== 'retailBack' &&
        field('deliveryDate', t('deliveryDate'), <DatePicker style={{ width: '100%' }} data-testid="bill-delivery-date" />)}
      {purchase && field('transportCompany', t('transportCompany'), <Input maxLength={100} data-testid="bill-transport-company" />)}
      {purchase && field('transportNumber', t('transportNumber'), <Input maxLength={100} data-testid="bill-transport-number" />)}
    </>
  );
});

/** Remark and attachments (uploaded, listed, downloaded; stored in the document's file field), after the money fields. */
export const HeaderTail = memo(function HeaderTail(props: { readOnly: boolean }) {
  const { t } = useDocumentT();
  const field = useField();
  return (
    <>
      {field('remark', t('remark'), <Input maxLength={1000} data-testid="bill-remark" />, 12)}
      {field('fileName', t('attachments'), <UploadField kind="files" disabled={props.readOnly} />, 12)}
    </>
  );
});
