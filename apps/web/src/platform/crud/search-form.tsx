import type { ReactNode } from 'react';
import { DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import type { EntityDef, Field } from '@erp/entities';
import { useCrudT } from './i18n.ts';
import { midSentence, text } from './labels.ts';
import { DictSelect, EnumSelect } from './choice-selects.tsx';
import { LinkSelect } from './link-select.tsx';
import { ParentSelect } from './parent-select.tsx';
import { SearchBar, type SearchItem } from './search-bar.tsx';

const COLLAPSED_COUNT = 3;
const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const fmt = (d: Dayjs | null | undefined, withTime: boolean) => (d ? d.format(withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD') : undefined);

/** The filter keys of the list call (docs/api.md): like/eq by name, ranges as begin{X}/end{X}, createTime as beginTime/endTime. */
export function toSearch(def: EntityDef, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '') continue;
    if (k === '__createTime') {
      const [a, b] = v as [Dayjs | null, Dayjs | null];
      out.beginTime = fmt(a, false);
      out.endTime = fmt(b, false);
      continue;
    }
    const fd = def.fields[k];
    if (fd?.search === 'range') {
      const [a, b] = v as [unknown, unknown];
      const asText = (x: unknown) => (x && typeof x === 'object' && 'format' in x ? fmt(x as Dayjs, fd.kind === 'datetime') : x);
      out[`begin${upper(k)}`] = asText(a) || undefined;
      out[`end${upper(k)}`] = asText(b) || undefined;
      continue;
    }
    out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

function RangeInputs(props: { value?: [string?, string?]; onChange?: (v: [string?, string?]) => void }) {
  const [a, b] = props.value ?? [];
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input value={a} onChange={(e) => props.onChange?.([e.target.value, b])} />
      <Input value={b} onChange={(e) => props.onChange?.([a, e.target.value])} />
    </Space.Compact>
  );
}

function control(field: string, fd: Field, shown: string, t: TFunction, lang: string): ReactNode {
  const label = midSentence(shown, lang);
  const placeholder = t('inputPlaceholder', { label });
  const choose = t('selectPlaceholder', { label });
  if (fd.search === 'range') {
    if (fd.kind === 'date' || fd.kind === 'datetime') return <DatePicker.RangePicker style={{ width: '100%' }} showTime={fd.kind === 'datetime'} />;
    return <RangeInputs />;
  }
  if (fd.search === 'eq') {
    if (fd.kind === 'enum') return <EnumSelect field={fd} placeholder={choose} allowClear />;
    if (fd.kind === 'dict') return <DictSelect dictType={fd.dictType} placeholder={choose} allowClear />;
    if (fd.kind === 'link') return <LinkSelect target={fd.entity} display={fd.display} placeholder={choose} />;
    if (fd.kind === 'bool')
      return (
        <Select
          allowClear
          placeholder={choose}
          options={[
            { value: true, label: t('yes') },
            { value: false, label: t('no') },
          ]}
        />
      );
  }
  return <Input allowClear placeholder={placeholder} data-testid={`search-${field}`} />;
}

/** The list's search form, built from the definition's searchable fields (SPEC §2.3, §7.4). */
export function SearchForm(props: {
  def: EntityDef;
  fixed?: Record<string, string>;
  createTimeQuery: boolean;
  onSearch: (search: Record<string, unknown>) => void;
  /** a phone: one field until expanded, labels above the inputs */
  compact?: boolean;
}) {
  const { def } = props;
  const { t, i18n } = useCrudT();
  const [form] = Form.useForm();
  const items: SearchItem[] = Object.entries(def.fields)
    .filter(([k, fd]) => fd.search && !(props.fixed && k in props.fixed))
    .map(([k, fd]) => {
      const label = text(fd.label, i18n.language);
      const node =
        fd.kind === 'parent' && fd.search === 'eq' ? (
          <ParentSelect entity={def} placeholder={t('selectPlaceholder', { label: midSentence(label, i18n.language) })} />
        ) : (
          control(k, fd, label, t, i18n.language)
        );
      return { name: k, label, node };
    });
  for (const [k, c] of Object.entries(def.computed ?? {})) {
    if (!c.search) continue;
    const label = text(c.label, i18n.language);
    items.unshift({
      name: k,
      label,
      node: <Input allowClear placeholder={t('inputPlaceholder', { label: midSentence(label, i18n.language) })} data-testid={`search-${k}`} />,
    });
  }
  if (def.status && props.createTimeQuery) {
    const options = [
      { value: true, label: t('enabled') },
      { value: false, label: t('disabled') },
    ];
    items.push({ name: 'enabled', label: t('status'), node: <Select allowClear placeholder={t('all')} options={options} /> });
  }
  if (props.createTimeQuery) {
    items.push({
      name: '__createTime',
      label: t('createTime'),
      node: <DatePicker.RangePicker style={{ width: '100%' }} placeholder={[t('startDate'), t('endDate')]} />,
    });
  }
  const submit = () => props.onSearch(toSearch(def, form.getFieldsValue()));
  return (
    <SearchBar
      form={form}
      items={items}
      onSearch={submit}
      compact={props.compact}
      collapsedCount={props.compact ? 1 : COLLAPSED_COUNT}
      labelWidth="96px"
      testId="search-form"
      formProps={{ style: { marginBottom: -8 } }}
    />
  );
}
