import { Select, type SelectProps } from 'antd';
import type { Field } from '@erp/entities';
import { useDict } from './dict.ts';
import { useCrudT } from './i18n.ts';
import { text } from './labels.ts';

type Base = Omit<SelectProps, 'options'>;

/** An enum field's options in the current language. */
export function EnumSelect({ field, ...rest }: Base & { field: Extract<Field, { kind: 'enum' }> }) {
  const { i18n } = useCrudT();
  // a long list (document types …) is searched by typing rather than scrolled
  const search = field.options.length > 8 ? { optionFilterProp: 'label' } : undefined;
  return <Select {...rest} showSearch={search} options={field.options.map((o) => ({ value: o.value, label: text(o.label, i18n.language) }))} />;
}

/** A dictionary's items (GET /system/dict/data/type/{dictType}). */
export function DictSelect({ dictType, ...rest }: Base & { dictType: string }) {
  const dict = useDict(dictType);
  return (
    <Select
      {...rest}
      loading={dict.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      options={(dict.data ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel }))}
    />
  );
}
