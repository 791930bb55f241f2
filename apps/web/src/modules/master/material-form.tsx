import { useEffect } from 'react';
import { Col, Divider, Form, Row as GridRow, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ENTITIES, type Field } from '@erp/entities';
import type { CrudOptions, FieldRender, Row } from '../../platform/crud/crud-types.ts';
import { fieldInput } from '../../platform/crud/form-field.tsx';
import { fieldRules } from '../../platform/crud/form-rules.ts';
import { useCrudT } from '../../platform/crud/i18n.ts';
import { text } from '../../platform/crud/labels.ts';
import { http, unwrap } from '../../platform/http.ts';
import { PrintTagLink } from '../labels/index.ts';
import { MaterialBomLink } from '../manufacturing/index.ts';

type Values = Record<string, unknown>;
type Line = Values & { id?: number; defaultFlag?: boolean; commodityUnit?: string };

/** The base unit's barcode and prices sit in the material form itself (issue 11 item 4); the
 * barcode lines below hold only the other units' barcodes. Fields come from the barcode definition,
 * so labels and money rules are the lines' own. */
const BASE_FIELDS = ['barCode', 'purchaseDecimal', 'commodityDecimal', 'wholesaleDecimal', 'lowDecimal'] as const;
const BASE = 'base';

/** The base unit: the single unit, or the chosen multi-unit's basic unit. */
function useBaseUnit(form: Parameters<FieldRender>[0]['form']) {
  const unit = Form.useWatch('unit', form) as string | undefined;
  const unitId = Form.useWatch('unitId', form) as number | undefined;
  const multi = useQuery({
    queryKey: ['unit-info', unitId],
    enabled: Boolean(unitId),
    queryFn: async () => unwrap(await http.get<{ basicUnit: string }>('/unit/info', { id: unitId })),
  });
  const base = unitId ? multi.data?.basicUnit : unit?.trim() || undefined;
  useEffect(() => form.setFieldValue([BASE, 'commodityUnit'], base), [base, form]);
  return base;
}

function BaseBarcode({ form }: Parameters<FieldRender>[0]) {
  const { t, i18n } = useCrudT();
  const base = useBaseUnit(form);
  const def = ENTITIES.materialExtend;
  return (
    <div data-testid="material-base-barcode">
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {t('material.baseBarcode', { unit: base ?? '—' })}
      </Typography.Text>
      <Form.Item name={[BASE, 'id']} hidden noStyle />
      <Form.Item name={[BASE, 'commodityUnit']} hidden noStyle />
      <GridRow gutter={16}>
        {BASE_FIELDS.map((k) => {
          const fd = def.fields[k] as Field;
          const label = text(fd.label, i18n.language);
          return (
            <Col key={k} xs={24} md={12}>
              <Form.Item name={[BASE, k]} label={label} rules={fieldRules(fd, label, t, i18n.language)}>
                {fieldInput({ def, field: `base-${k}`, fd, label, disabled: false, t })}
              </Form.Item>
            </Col>
          );
        })}
      </GridRow>
    </div>
  );
}

export const MATERIAL_FORM: CrudOptions = {
  rowActions: (row) => (
    <>
      <PrintTagLink materialId={row.id} />
      <Divider orientation="vertical" />
      <MaterialBomLink materialId={row.id} materialName={row.name} />
    </>
  ),
  // right after the unit fields, so price entry does not wait for the end of a long form
  formSections: { weight: (ctx) => <BaseBarcode {...ctx} /> },
  // the base barcode (defaultFlag) goes to the main form, the others stay lines
  adjustForm: (values: Values, _row: Row) => {
    const lines = (values.barCodes as Line[] | undefined) ?? [];
    const base = lines.find((l) => l.defaultFlag) ?? lines[0];
    return { ...values, [BASE]: base ? { ...base } : {}, barCodes: lines.filter((l) => l !== base) };
  },
  adjustBody: (body: Values, values: Values) => {
    const b = (values[BASE] ?? {}) as Line;
    const lines = ((body.barCodes as Line[] | undefined) ?? []).map((l) => ({ ...l, defaultFlag: false }));
    const code = typeof b.barCode === 'string' ? b.barCode.trim() : '';
    if (!code) return { ...body, barCodes: lines };
    const base: Line = { ...(typeof b.id === 'number' ? { id: b.id } : {}), barCode: code, commodityUnit: b.commodityUnit, defaultFlag: true };
    for (const k of BASE_FIELDS.slice(1)) {
      const v = typeof b[k] === 'string' ? (b[k] as string).trim() : b[k];
      if (v !== '' && v !== undefined && v !== null) base[k] = v;
      else if (base.id !== undefined) base[k] = null;
    }
    return { ...body, barCodes: [base, ...lines] };
  },
};
