import type { ReactNode } from 'react';
import { Checkbox, DatePicker, Input, InputNumber, Segmented, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
// the plain table of types, not the package index (it would pull zod into this chunk)
import { DOC_TYPES } from '@erp/entities/document-types';
import { DOC_STATUS } from '@erp/entities/document-status';
import { statusLabel } from '../documents/status-tag.tsx';
import { LinkSelect } from '../../../platform/crud/link-select.tsx';
import type { SearchItem } from '../../../platform/crud/search-bar.tsx';
import { isEnglish } from '../../../platform/i18n/index.ts';
import { reportApi, type Params } from './report-api.ts';
import type { FilterKind } from './report-defs.ts';

/** The document types that move stock, plus opening stock: the keys the reports' docType takes. */
const DOC_OPTIONS = (lang: string) => [
  { value: 'opening', label: isEnglish(lang) ? 'Opening stock' : '期初库存' },
  ...DOC_TYPES.filter((d) => d.stock !== 0).map((d) => ({ value: d.key, label: isEnglish(lang) ? d.label.en : d.label.zh })),
];

/** Customers or suppliers, for the order tracking's partner filter. */
function PartnerSelect(props: { kind: 'sale' | 'purchase'; value?: number; onChange?: (v: number | undefined) => void; placeholder: string }) {
  const suffix = props.kind === 'sale' ? 'cus' : 'sup';
  const found = useQuery({
    queryKey: ['report-partners', suffix],
    staleTime: 30000,
    queryFn: () => reportApi.get<Array<{ id: number; name: string }>>(`/supplier/findBySelect_${suffix}`),
  });
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={props.value}
      onChange={props.onChange}
      placeholder={props.placeholder}
      options={(found.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      data-testid="filter-organId"
    />
  );
}

/** The form field of one filter kind: its name in the form, its label and its control. */
export function filterField(kind: FilterKind, t: TFunction, lang: string, o: { orderType: 'sale' | 'purchase'; labels: Record<string, string> }): SearchItem {
  const label = t(`filter.${kind}`);
  const all = t('all');
  const id = `filter-${kind}`;
  const nodes: Record<FilterKind, () => ReactNode> = {
    depotId: () => <LinkSelect target="depot" placeholder={all} data-testid={id} />,
    areaId: () => <LinkSelect target="reservoirArea" placeholder={all} data-testid={id} />,
    fromDepot: () => <LinkSelect target="depot" placeholder={all} data-testid={id} />,
    anotherDepotId: () => <LinkSelect target="depot" placeholder={all} data-testid={id} />,
    categoryId: () => <LinkSelect target="materialCategory" placeholder={all} data-testid={id} />,
    materialId: () => <LinkSelect target="material" initialLabel={o.labels.materialId} placeholder={t('chooseMaterial')} data-testid={id} />,
    materialParam: () => <Input allowClear placeholder={t('filter.materialParamHint')} data-testid={id} />,
    dates: () => <DatePicker.RangePicker style={{ width: '100%' }} placeholder={[t('startDate'), t('endDate')]} data-testid={id} />,
    docType: () => <Select mode="multiple" allowClear maxTagCount="responsive" placeholder={all} options={DOC_OPTIONS(lang)} data-testid={id} />,
    number: () => <Input allowClear data-testid={id} />,
    batchNumber: () => <Input allowClear data-testid={id} />,
    zeroStock: () => <Checkbox data-testid={id} />,
    openOnly: () => <Checkbox data-testid={id} />,
    warningType: () => (
      <Select allowClear placeholder={all} options={['low', 'high'].map((v) => ({ value: v, label: t(`warningTypes.${v}`) }))} data-testid={id} />
    ),
    days: () => <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} data-testid={id} />,
    expiringDays: () => <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} data-testid={id} />,
    type: () => <Segmented block options={['sale', 'purchase'].map((v) => ({ value: v, label: t(`orderTypes.${v}`) }))} data-testid={id} />,
    organId: () => <PartnerSelect kind={o.orderType} placeholder={all} />,
    status: () => (
      <Select
        allowClear
        placeholder={all}
        options={[DOC_STATUS.unaudited, DOC_STATUS.audited, DOC_STATUS.partly, DOC_STATUS.completed].map((v) => ({
          value: v,
          label: statusLabel(v, isEnglish(lang)),
        }))}
        data-testid={id}
      />
    ),
  };
  const checkbox = kind === 'zeroStock' || kind === 'openOnly';
  return { name: kind, label, node: nodes[kind](), valuePropName: checkbox ? 'checked' : 'value' };
}

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/** The query of a report call from the form's values (docs/api.md: empty means no filter). */
export function toParams(values: Record<string, unknown>): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '' || v === false) continue;
    if (k === 'dates') {
      const [a, b] = v as [Dayjs | null, Dayjs | null];
      out.beginTime = day(a);
      out.endTime = day(b);
    } else if (k === 'fromDepot') out.depotId = v as number;
    else if (k === 'docType') {
      if ((v as string[]).length) out.docType = (v as string[]).join(',');
    } else if (v === true) out[k] = '1';
    else out[k] = typeof v === 'string' ? v.trim() || undefined : (v as number);
  }
  return out;
}
