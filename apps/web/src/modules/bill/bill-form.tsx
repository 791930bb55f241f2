import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Button, Col, DatePicker, Form, Input, Modal, type InputRef, Row as GridRow, Select, Space, Table, Tag, Tooltip } from 'antd';
import { DeleteOutlined, LinkOutlined, ScanOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type DocType } from '../../../../../packages/entities/src/inventory/document-types.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { billApi, fromMilli, milli, money, NUMBER_RE, qty, type BillDetail, type BillRow, type Material } from './bill-api.ts';
import { useBillT } from './bill-i18n.ts';
import type { FormMode } from './bill-list-page.tsx';
import { fromDetail, lineMoney, newLineKey, str, type Header, type Line } from './bill-line.ts';
import { LinkDialog } from './link-dialog.tsx';

/**
 * The document form: header fields of the type, a barcode box and a material picker adding lines,
 * and a virtual line grid that stays responsive with 1,000 lines. Save, or save and audit.
 */
export function BillForm(props: { docType: DocType; label: string; target?: FormMode; canAudit: boolean; onClose: () => void; onSaved: () => void }) {
  const { docType } = props;
  const { t } = useBillT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Header>();
  const [lines, setLines] = useState<Line[]>([]);
  const [detail, setDetail] = useState<BillDetail | undefined>();
  const [saving, setSaving] = useState(false);
  const [linking, setLinking] = useState(false);
  const [barcode, setBarcode] = useState('');
  const [materialQ, setMaterialQ] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const barcodeRef = useRef<InputRef>(null);
  const open = Boolean(props.target);
  const readOnly = props.target?.mode === 'view';
  const priceType = docType.partner === '客户' ? 'sale' : docType.partner === '会员' ? 'retail' : 'buy';
  const isIn = docType.type === '入库' || docType.partner === '供应商';
  const assembly = docType.stock === 'assembly' || docType.stock === 'disassembly';
  const transfer = docType.stock === 'transfer';

  const depots = useQuery({ queryKey: ['bill-depots'], queryFn: billApi.depots, enabled: open, staleTime: 60000 });
  const accounts = useQuery({ queryKey: ['bill-accounts'], queryFn: billApi.accounts, enabled: open && Boolean(docType.partner), staleTime: 60000 });
  const partners = useQuery({
    queryKey: ['bill-partners', docType.partner],
    queryFn: () => billApi.partners(docType.partner!),
    enabled: open && Boolean(docType.partner),
    staleTime: 60000,
  });
  const headerDepot = Form.useWatch('depotId', form);
  const materials = useQuery({
    queryKey: ['bill-materials', materialQ, headerDepot],
    queryFn: () => billApi.findMaterials(materialQ, headerDepot),
    enabled: open && pickerOpen,
  });

  // (re)initialise on every opening
  const target = props.target;
  useEffect(() => {
    if (!target) return;
    setDetail(undefined);
    setBarcode('');
    if (target.mode === 'add') {
      form.resetFields();
      const def = depots.data?.find((d) => (d as { isDefault?: boolean }).isDefault) ?? depots.data?.[0];
      form.setFieldsValue({ operTime: dayjs(), depotId: def?.id });
      setLines([]);
      return;
    }
    let live = true;
    billApi
      .detail(target.number)
      .then((d) => {
        if (!live) return;
        setDetail(d);
        form.resetFields();
        form.setFieldsValue({
          operTime: dayjs(d.operTime),
          organId: d.organId ?? undefined,
          accountId: d.accountId ?? undefined,
          depotId: d.rows[0]?.depotId ?? undefined,
          discount: d.discount ? str(d.discount) : undefined,
          otherMoney: d.otherMoney ? str(d.otherMoney) : undefined,
          changeAmount: d.changeAmount ? str(d.changeAmount) : undefined,
          linkNumber: d.linkNumber ?? undefined,
          remark: d.remark ?? undefined,
        });
        setLines(d.rows.map((r) => fromDetail(r, false)));
      })
      .catch((e) => {
        const msg = failureText(e);
        if (msg) message.warning(msg);
      });
    return () => {
      live = false;
    };
    // depots only matter for the default warehouse of a new document
  }, [target]);
  useEffect(() => {
    if (target?.mode === 'add' && depots.data && form.getFieldValue('depotId') === undefined) {
      const def = depots.data.find((d) => (d as { isDefault?: boolean }).isDefault) ?? depots.data[0];
      form.setFieldsValue({ depotId: def?.id });
    }
  }, [depots.data, target, form]);

  const update = (key: number, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  /** A material becomes a line (or one more of an unlinked line with that barcode), with the suggested price. */
  const addMaterial = async (m: Material) => {
    const existing = lines.find((l) => l.materialExtendId === m.meId && !l.linkId && !l.serial);
    if (existing) {
      update(existing.key, { operNumber: String(fromMilli(milli(existing.operNumber) + 1000)) });
      return;
    }
    const fallback = priceType === 'buy' ? m.purchaseDecimal : priceType === 'sale' ? (m.wholesaleDecimal ?? m.commodityDecimal) : (m.commodityDecimal ?? m.wholesaleDecimal);
    const price = (await billApi.price(m.meId, form.getFieldValue('organId'), priceType)) ?? fallback ?? undefined;
    const h = form.getFieldsValue();
    setLines((ls) => [
      ...ls,
      {
        key: newLineKey(),
        materialExtendId: m.meId,
        barCode: m.barCode,
        name: m.name,
        standard: [m.standard, m.model].filter(Boolean).join(' '),
        unit: m.commodityUnit ?? m.unit ?? '',
        depotId: h.depotId,
        anotherDepotId: h.anotherDepotId,
        operNumber: '1',
        unitPrice: str(price),
        taxRate: '',
        batchNumber: '',
        snList: '',
        materialType: assembly ? (ls.length ? '普通子件' : '组合件') : undefined,
        remark: '',
        batch: Boolean(m.enableBatchNumber),
        serial: Boolean(m.enableSerialNumber),
      },
    ]);
  };

  const scan = async () => {
    const code = barcode.trim();
    if (!code) return;
    const m = await billApi.byBarCode(code);
    if (!m) {
      message.warning(t('barcodeMissing', { code }));
      return;
    }
    setBarcode('');
    await addMaterial(m);
    barcodeRef.current?.focus();
  };

  const changeHeaderDepot = (field: 'depotId' | 'anotherDepotId', id: number | undefined) =>
    setLines((ls) => ls.map((l) => ({ ...l, [field]: id })));

  // totals in thousandths
  const totals = useMemo(() => {
    let n = 0;
    let sum = 0;
    for (const l of lines) {
      n += milli(l.operNumber);
      sum += lineMoney(l).total;
    }
    return { n, sum };
  }, [lines]);
  const discount = Form.useWatch('discount', form);
  const otherMoney = Form.useWatch('otherMoney', form);
  const discountMoney = Math.round((totals.sum * milli(discount)) / 100000);
  const afterDiscount = totals.sum - discountMoney + milli(otherMoney);

  const save = async (audit: boolean) => {
    let h: Header;
    try {
      h = await form.validateFields();
    } catch {
      return;
    }
    if (!lines.length) {
      message.warning(t('noLines'));
      return;
    }
    for (const [i, l] of lines.entries()) {
      const row = i + 1;
      for (const [k, label] of [
        ['operNumber', t('operNumber')],
        ['unitPrice', t('unitPrice')],
        ['taxRate', t('taxRate')],
      ] as const) {
        if (l[k] !== '' && !NUMBER_RE.test(l[k])) return void message.warning(t('badNumber', { row, label }));
      }
      if (!(Number(l.operNumber) > 0) && docType.key !== 'stockCheck') return void message.warning(t('needQty', { row }));
      if (!l.depotId && docType.stock !== 0) return void message.warning(t('needDepot', { row }));
      if (transfer && !l.anotherDepotId) return void message.warning(t('needAnotherDepot', { row }));
    }
    if (h.changeAmount && Number(h.changeAmount) !== 0 && !h.accountId) return void message.warning(t('needAccount'));
    const opt = (v: string | number | undefined) => (v === undefined || v === null || v === '' ? undefined : v);
    const info: Record<string, unknown> = {
      id: props.target?.mode === 'edit' ? detail?.id : undefined,
      type: docType.type,
      subType: docType.subType,
      operTime: (h.operTime ?? dayjs()).format('YYYY-MM-DD HH:mm:ss'),
      organId: opt(h.organId),
      accountId: opt(h.accountId),
      discount: opt(h.discount),
      discountMoney: h.discount ? String(fromMilli(discountMoney)) : undefined,
      otherMoney: opt(h.otherMoney),
      changeAmount: opt(h.changeAmount),
      linkNumber: opt(h.linkNumber),
      remark: opt(h.remark?.trim()),
      status: audit ? '1' : '0',
    };
    const rows = lines.map((l) => ({
      materialExtendId: l.materialExtendId,
      operNumber: l.operNumber || '0',
      unitPrice: opt(l.unitPrice),
      taxRate: opt(l.taxRate),
      depotId: l.depotId,
      anotherDepotId: transfer ? l.anotherDepotId : undefined,
      batchNumber: opt(l.batchNumber.trim()),
      snList: opt(l.snList.trim()),
      linkId: l.linkId,
      materialType: l.materialType,
      remark: opt(l.remark.trim()),
    }));
    setSaving(true);
    try {
      const r = await billApi.save({ info, rows });
      message.success(r.message || t('saved'));
      props.onSaved();
      props.onClose();
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    } finally {
      setSaving(false);
    }
  };

  /** The lines of an audited source document, at their open quantities. */
  const pullLinked = async (row: BillRow) => {
    try {
      const d = await billApi.detail(row.number);
      const open = d.rows.filter((r) => (r.openNumber ?? r.operNumber) > 0);
      if (!open.length) return void message.warning(t('linkNoOpen'));
      form.setFieldsValue({ linkNumber: d.number, ...(docType.partner && d.organId ? { organId: d.organId } : {}) });
      setLines(open.map((r) => fromDetail({ ...r, openNumber: r.openNumber ?? r.operNumber }, true)));
      setLinking(false);
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };

  const depotOptions = (depots.data ?? []).map((d) => ({ value: d.id, label: d.name }));
  const numberCell = (field: 'operNumber' | 'unitPrice' | 'taxRate', width: number): ColumnType<Line> => ({
    key: field,
    title: t(field),
    width,
    render: (_v, l) =>
      readOnly ? (
        l[field]
      ) : (
        <Input
          size="small"
          value={l[field]}
          status={l[field] !== '' && !NUMBER_RE.test(l[field]) ? 'error' : undefined}
          onChange={(e) => update(l.key, { [field]: e.target.value })}
          data-testid={`line-${field}`}
          inputMode="decimal"
        />
      ),
  });
  const textCell = (field: 'batchNumber' | 'snList' | 'remark', width: number, when?: (l: Line) => boolean): ColumnType<Line> => ({
    key: field,
    title: t(field),
    width,
    render: (_v, l) =>
      readOnly || (when && !when(l)) ? (
        l[field]
      ) : (
        <Input
          size="small"
          value={l[field]}
          placeholder={field === 'snList' ? t('snHint') : undefined}
          onChange={(e) => update(l.key, { [field]: e.target.value })}
          data-testid={`line-${field}`}
        />
      ),
  });
  const depotCell = (field: 'depotId' | 'anotherDepotId', title: string): ColumnType<Line> => ({
    key: field,
    title,
    width: 130,
    render: (_v, l) =>
      readOnly ? (
        depotOptions.find((o) => o.value === l[field])?.label
      ) : (
        <Select size="small" style={{ width: '100%' }} value={l[field]} options={depotOptions} onChange={(v) => update(l.key, { [field]: v })} data-testid={`line-${field}`} />
      ),
  });
  const anyBatch = lines.some((l) => l.batch);
  const anySerial = lines.some((l) => l.serial);
  const columns: ColumnType<Line>[] = [
    { key: 'no', title: t('lineNo'), width: 50, render: (_v, _l, i) => i + 1 },
    { key: 'barCode', dataIndex: 'barCode', title: t('barCode'), width: 120, ellipsis: true },
    { key: 'name', dataIndex: 'name', title: t('materialName'), width: 160, ellipsis: true },
    { key: 'standard', dataIndex: 'standard', title: t('standard'), width: 100, ellipsis: true },
    { key: 'unit', dataIndex: 'unit', title: t('unit'), width: 60 },
    ...(assembly
      ? [
          {
            key: 'materialType',
            title: t('materialType'),
            width: 110,
            render: (_v: unknown, l: Line) =>
              readOnly ? (
                l.materialType
              ) : (
                <Select
                  size="small"
                  style={{ width: '100%' }}
                  value={l.materialType}
                  options={[{ value: '组合件' }, { value: '普通子件' }]}
                  onChange={(v) => update(l.key, { materialType: v })}
                />
              ),
          },
        ]
      : []),
    depotCell('depotId', t('depot')),
    ...(transfer ? [depotCell('anotherDepotId', t('anotherDepot'))] : []),
    ...(docType.linkFrom ? [{ key: 'openNumber', title: t('openNumber'), width: 90, render: (_v: unknown, l: Line) => (l.openNumber == null ? '' : qty(l.openNumber)) }] : []),
    numberCell('operNumber', 90),
    numberCell('unitPrice', 100),
    numberCell('taxRate', 80),
    { key: 'amount', title: t('allPrice'), width: 100, align: 'right', render: (_v, l) => <span data-testid="line-amount">{money(fromMilli(lineMoney(l).amount))}</span> },
    { key: 'total', title: t('taxLastMoney'), width: 100, align: 'right', render: (_v, l) => money(fromMilli(lineMoney(l).total)) },
    ...(anyBatch ? [textCell('batchNumber', 120, (l) => l.batch)] : []),
    ...(anySerial ? [textCell('snList', 180, (l) => l.serial)] : []),
    textCell('remark', 140),
    ...(readOnly
      ? []
      : [
          {
            key: 'del',
            title: '',
            width: 44,
            fixed: 'right' as const,
            render: (_v: unknown, l: Line) => (
              <Tooltip title={t('removeLine')}>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('removeLine')}
                  tabIndex={-1}
                  onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                  data-testid="line-remove"
                />
              </Tooltip>
            ),
          },
        ]),
  ];
  const gridWidth = columns.reduce((s, c) => s + (Number(c.width) || 100), 0);

  const field = (name: keyof Header, label: string, node: ReactNode, span = 6, required = false) => (
    <Col xs={24} md={12} lg={span}>
      <Form.Item name={name} label={label} rules={required ? [{ required: true, message: t('required', { label }) }] : undefined}>
        {node}
      </Form.Item>
    </Col>
  );
  const numberRule = (label: string) => ({ pattern: NUMBER_RE, message: t('badHeaderNumber', { label }) });
  const title = t(props.target?.mode === 'add' ? 'addTitle' : props.target?.mode === 'edit' ? 'editTitle' : 'viewTitle', { label: props.label });

  return (
    <Modal
      open={open}
      title={
        <Space>
          {title}
          {detail && <Tag>{detail.number}</Tag>}
          {detail && <Tag color="blue">{t(`statuses.${detail.status}`)}</Tag>}
        </Space>
      }
      width="min(1400px, 96vw)"
      style={{ top: 24 }}
      maskClosable={false}
      onCancel={props.onClose}
      footer={
        readOnly ? (
          <Button onClick={props.onClose}>{t('close')}</Button>
        ) : (
          <Space>
            <Button onClick={props.onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => void save(false)} data-testid="bill-save">
              {t('save')}
            </Button>
            {props.canAudit && (
              <Button type="primary" loading={saving} onClick={() => void save(true)} data-testid="bill-save-audit">
                {t('saveAndAudit')}
              </Button>
            )}
          </Space>
        )
      }
    >
      <div data-testid="bill-form" data-doc={docType.key}>
        <Form form={form} disabled={readOnly} labelCol={{ flex: '96px' }} size="middle">
          <GridRow gutter={[16, 0]}>
            {docType.partner &&
              field(
                'organId',
                t(`organ.${docType.partner}`),
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  allowClear
                  options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                  data-testid="bill-organ"
                />,
                6,
                docType.partner !== '会员',
              )}
            {field('operTime', t('operTime'), <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} allowClear={false} />)}
            {field('depotId', t('depot'), <Select options={depotOptions} onChange={(v: number) => changeHeaderDepot('depotId', v)} data-testid="bill-depot" />)}
            {transfer && field('anotherDepotId', t('anotherDepot'), <Select options={depotOptions} onChange={(v: number) => changeHeaderDepot('anotherDepotId', v)} />)}
            {docType.linkFrom && (
              <Col xs={24} md={12} lg={6}>
                <Form.Item label={t('linkNumber')}>
                  <Space.Compact style={{ width: '100%' }}>
                    <Form.Item name="linkNumber" noStyle>
                      <Input readOnly data-testid="bill-link-number" />
                    </Form.Item>
                    <Button icon={<LinkOutlined />} onClick={() => setLinking(true)} data-testid="bill-link">
                      {t('chooseLink')}
                    </Button>
                  </Space.Compact>
                </Form.Item>
              </Col>
            )}
            {docType.partner && (
              <>
                {field('accountId', t('account'), <Select allowClear options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))} data-testid="bill-account" />)}
                <Col xs={24} md={12} lg={6}>
                  <Form.Item name="discount" label={t('discount')} rules={[numberRule(t('discount'))]}>
                    <Input data-testid="bill-discount" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} lg={6}>
                  <Form.Item name="otherMoney" label={t('otherMoney')} rules={[numberRule(t('otherMoney'))]}>
                    <Input data-testid="bill-other-money" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} lg={6}>
                  <Form.Item name="changeAmount" label={t(isIn ? 'changeAmount.in' : 'changeAmount.out')} rules={[{ pattern: /^-?\d+(\.\d{1,3})?$/, message: t('badHeaderNumber', { label: t(isIn ? 'changeAmount.in' : 'changeAmount.out') }) }]}>
                    <Input data-testid="bill-change-amount" />
                  </Form.Item>
                </Col>
              </>
            )}
            {field('remark', t('remark'), <Input data-testid="bill-remark" />, docType.partner ? 12 : 6)}
          </GridRow>
        </Form>
        {!readOnly && (
          <Space wrap style={{ marginBottom: 8 }}>
            <Input
              ref={barcodeRef}
              prefix={<ScanOutlined />}
              placeholder={t('barcodeHint')}
              style={{ width: 260 }}
              value={barcode}
              onChange={(e) => setBarcode(e.target.value)}
              onPressEnter={() => void scan()}
              aria-label={t('barcode')}
              data-testid="bill-barcode"
            />
            <Select
              showSearch={{ filterOption: false, onSearch: setMaterialQ }}
              style={{ width: 420 }}
              placeholder={t('materialPickerHint')}
              value={null}
              open={pickerOpen}
              onOpenChange={setPickerOpen}
              loading={materials.isFetching}
              options={(materials.data ?? []).map((m) => ({
                value: m.meId,
                label: `${m.name}${m.standard ? ` ${m.standard}` : ''} · ${m.barCode} · ${t('stockShort')} ${qty(m.stock ?? 0)} · ${t('priceShort')} ${money(priceType === 'buy' ? m.purchaseDecimal : m.wholesaleDecimal)}`,
              }))}
              onChange={(meId: number) => {
                const m = materials.data?.find((x) => x.meId === meId);
                if (m) void addMaterial(m);
              }}
              aria-label={t('materialPicker')}
              data-testid="bill-material-picker"
            />
            <span style={{ color: '#8c8c8c' }}>{t('lines', { count: lines.length })}</span>
          </Space>
        )}
        <Table<Line>
          rowKey="key"
          size="small"
          bordered
          virtual
          columns={columns}
          dataSource={lines}
          pagination={false}
          scroll={{ x: gridWidth, y: 340 }}
          data-testid="bill-lines"
        />
        <div style={{ display: 'flex', gap: 24, justifyContent: 'flex-end', padding: '8px 4px 0', fontWeight: 500 }} data-testid="bill-totals">
          <span>
            {t('operNumber')}: {qty(fromMilli(totals.n))}
          </span>
          <span>
            {t('totalPrice')}: {money(fromMilli(totals.sum))}
          </span>
          {docType.partner && (
            <span>
              {t('discountLastMoney')}: {money(fromMilli(afterDiscount))}
            </span>
          )}
        </div>
      </div>
      {docType.linkFrom && linking && <LinkDialog docType={docType} onPick={(r) => void pullLinked(r)} onClose={() => setLinking(false)} />}
    </Modal>
  );
}
