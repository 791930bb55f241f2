import type { ReactNode } from 'react';
import { DatePicker, Input, InputNumber, Switch } from 'antd';
import type { TFunction } from 'i18next';
import type { EntityDef, Field } from '@erp/entities';
import type { Row } from './crud-types.ts';
import { DictSelect, EnumSelect } from './choice-selects.tsx';
import { LinkSelect } from './link-select.tsx';
import { ParentSelect } from './parent-select.tsx';
import { UploadField } from './upload-field.tsx';
import { linkNameKey, midSentence } from './labels.ts';
import { i18n } from '../i18n/index.ts';

/** The input of one field kind (ARCHITECTURE §4: the form is derived from the definition). */
export function fieldInput(opts: { def: EntityDef; field: string; fd: Field; label: string; row?: Row; disabled: boolean; t: TFunction }): ReactNode {
  const { def, field, fd, label, row, disabled, t } = opts;
  const phrase = midSentence(label, i18n.language);
  const choose = t('selectPlaceholder', { label: phrase });
  const enter = t('inputPlaceholder', { label: phrase });
  const testId = `field-${field}`;
  switch (fd.kind) {
    case 'text':
      return fd.multiline ? (
        <Input.TextArea rows={3} placeholder={enter} disabled={disabled} data-testid={testId} />
      ) : (
        <Input placeholder={enter} disabled={disabled} data-testid={testId} />
      );
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={enter} disabled={disabled} min={fd.min} max={fd.max} data-testid={testId} />;
    case 'money':
    case 'quantity':
      // text, not InputNumber: the SPEC §5 check must see what was typed (3 decimals at most)
      return <Input placeholder={enter} disabled={disabled} inputMode="decimal" data-testid={testId} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} placeholder={choose} disabled={disabled} />;
    case 'datetime':
      return <DatePicker style={{ width: '100%' }} showTime placeholder={choose} disabled={disabled} />;
    case 'bool':
      return <Switch disabled={disabled} data-testid={testId} />;
    case 'enum':
      return <EnumSelect field={fd} placeholder={choose} disabled={disabled} data-testid={testId} />;
    case 'dict':
      return <DictSelect dictType={fd.dictType} placeholder={choose} allowClear disabled={disabled} data-testid={testId} />;
    case 'link':
      return (
        <LinkSelect
          target={fd.entity}
          display={fd.display}
          initialLabel={row?.[linkNameKey(field)] as string | undefined}
          placeholder={choose}
          disabled={disabled}
          data-testid={testId}
        />
      );
    case 'parent':
      return <ParentSelect entity={def} exclude={row?.id} placeholder={choose} disabled={disabled} />;
    case 'images':
    case 'files':
      return <UploadField kind={fd.kind} maxCount={fd.maxCount} disabled={disabled} />;
    case 'lines':
      // edited as a table by LinesField, never as one input
      return null;
  }
}
