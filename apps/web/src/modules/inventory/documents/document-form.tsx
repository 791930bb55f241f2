import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, type InputRef, Row as GridRow, Select, Space, Tag } from 'antd';
import { PrinterOutlined, ScanOutlined, SnippetsOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type DocType } from '@erp/entities/document-types';
import { useDict } from '../../../platform/crud/dict.ts';
import { failureText } from '../../../platform/crud/file-transfer.ts';
import { documentApi, money, qty, type DocumentDetail, type DocumentRow, type Material, type Option } from './document-api.ts';
import { useDocumentT } from './document-i18n.ts';
import type { FormMode } from './document-list-page.tsx';
import { emptyPrices, fromDetail, newLineKey, PRICE_KEYS, str, type AccountPart, type Header, type Line } from './document-line.ts';
import { payment, sumLines } from './document-money.ts';
import { checkLines, toSave } from './document-save.ts';
import { DocumentGrid } from './document-grid.tsx';
import { HeaderFields, HeaderTail } from './document-header.tsx';
import { AccountsDialog, PaymentFields, PaymentSummary } from './document-payment.tsx';
import { PrintDialog } from './document-print.tsx';
import { LinkDialog } from './link-dialog.tsx';
import { PasteDialog, type PastedLine } from './paste-dialog.tsx';

type PriceType = 'buy' | 'sale' | 'retail';
// one empty list, so memoised parts see the same props until the data comes
const NO_OPTIONS: Option[] = [];

const basePrice = (m: Material, p: PriceType) =>
  p === 'buy' ? m.purchaseDecimal : p === 'sale' ? (m.wholesaleDecimal ?? m.commodityDecimal) : (m.commodityDecimal ?? m.wholesaleDecimal);

/**
 * The document form: header and money fields of the type, a barcode box, a material picker and a
 * bulk paste adding lines, the virtual line grid, live totals; save, save and audit, print.
 */
export function DocumentForm(props: { docType: DocType; label: string; target?: FormMode; canAudit: boolean; onClose: () => void; onSaved: () => void }) {
  const { docType } = props;
  const { t } = useDocumentT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Header>();
  const [lines, setLines] = useState<Line[]>([]);
  const [detail, setDetail] = useState<DocumentDetail | undefined>();
  const [saving, setSaving] = useState(false);
  const [linking, setLinking] = useState(false);
  const [barcode, setBarcode] = useState('');
  const [materialQ, setMaterialQ] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const [discountBy, setDiscountBy] = useState<'rate' | 'money'>('rate');
  const [parts, setParts] = useState<AccountPart[] | undefined>();
  const [partsOpen, setPartsOpen] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [pasting, setPasting] = useState(false);
  const barcodeRef = useRef<InputRef>(null);
  const open = Boolean(props.target);
  const readOnly = props.target?.mode === 'view';
  const priceType: PriceType = docType.partner === '客户' ? 'sale' : docType.partner === '会员' ? 'retail' : 'buy';
  const sales = docType.partner === '客户' || docType.partner === '会员';
  const retail = docType.key.startsWith('retail');
  const assembly = docType.stock === 'assembly' || docType.stock === 'disassembly';

  const depots = useQuery({ queryKey: ['bill-depots'], queryFn: documentApi.depots, enabled: open, staleTime: 60000 });
  const accounts = useQuery({ queryKey: ['bill-accounts'], queryFn: documentApi.accounts, enabled: open && Boolean(docType.partner), staleTime: 60000 });
  const partners = useQuery({
    queryKey: ['bill-partners', docType.partner],
    queryFn: () => documentApi.partners(docType.partner!),
    enabled: open && Boolean(docType.partner),
    staleTime: 60000,
  });
  const salespeople = useQuery({ queryKey: ['bill-salespeople'], queryFn: documentApi.salespeople, enabled: open && sales, staleTime: 60000 });
  const keepers = useQuery({ queryKey: ['bill-keepers'], queryFn: documentApi.keepers, enabled: open, staleTime: 60000 });
  const orderTypeDict = useDict(open && docType.partner === '客户' ? 'order_type' : undefined);
  const orderTypes = useMemo(() => (orderTypeDict.data ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel })), [orderTypeDict.data]);
  const bySale = useQuery({ queryKey: ['bill-purchase-by-sale'], queryFn: documentApi.purchaseBySale, enabled: open && Boolean(docType.alsoFrom) });
  const headerDepot = Form.useWatch('depotId', form);
  const materials = useQuery({
    queryKey: ['bill-materials', materialQ, headerDepot],
    queryFn: () => documentApi.findMaterials(materialQ, headerDepot),
    enabled: open && pickerOpen,
    staleTime: 0, // stock changes with every posting: never show a cached figure
  });

  const defaultDepot = () => depots.data?.find((d) => (d as { isDefault?: boolean }).isDefault)?.id ?? depots.data?.[0]?.id;
  // (re)initialise on every opening
  const target = props.target;
  useEffect(() => {
    if (!target) return;
    setDetail(undefined);
    setBarcode('');
    setParts(undefined);
    setDiscountBy('rate');
    form.resetFields();
    if (target.mode === 'add') {
      form.setFieldsValue({ operTime: dayjs(), depotId: defaultDepot(), payType: '现付' });
      setLines([]);
      return;
    }
    let live = true;
    (async () => {
      const d = await documentApi.detail(target.number);
      const priceLines = docType.prices ? await documentApi.priceLines(d.id) : [];
      if (!live) return;
      setDetail(d);
      setDiscountBy(d.discount ? 'rate' : 'money');
      setParts(d.accounts && d.accounts.length > 1 ? d.accounts.map((a) => ({ accountId: a.accountId, amount: str(a.amount) })) : undefined);
      form.setFieldsValue({
        operTime: dayjs(d.operTime),
        organId: d.organId ?? undefined,
        accountId: d.accountId ?? undefined,
        handsPersonId: d.handsPersonId ?? undefined,
        orderType: d.orderType ?? undefined,
        depotId: d.rows[0]?.depotId ?? undefined,
        salesMan: d.salesMan ? d.salesMan.split(',').map(Number) : undefined,
        discount: d.discount ? str(d.discount) : undefined,
        discountMoney: d.discountMoney ? str(d.discountMoney) : undefined,
        otherMoney: d.otherMoney ? str(d.otherMoney) : undefined,
        deposit: d.deposit ? str(d.deposit) : undefined,
        changeAmount: d.changeAmount ? str(d.changeAmount) : undefined,
        payType: d.payType ?? '现付',
        linkNumber: d.linkNumber ?? undefined,
        deliveryDate: d.deliveryDate ? dayjs(d.deliveryDate) : undefined,
        transportCompany: d.transportCompany ?? undefined,
        transportNumber: d.transportNumber ?? undefined,
        fileName: d.fileName ?? undefined,
        remark: d.remark ?? undefined,
      });
      const byNo = new Map(priceLines.map((p) => [p.lineNo, p]));
      setLines(
        d.rows.map((r) => fromDetail(r, false)).map((l, i) => {
          const p = byNo.get(i + 1);
          if (!p) return l;
          const up = (k: string) => `old${k[0].toUpperCase()}${k.slice(1)}` as keyof typeof p;
          return {
            ...l,
            prices: { purchaseDecimal: str(p.purchaseDecimal), commodityDecimal: str(p.commodityDecimal), wholesaleDecimal: str(p.wholesaleDecimal), lowDecimal: str(p.lowDecimal) },
            oldPrices: p.applied ? Object.fromEntries(PRICE_KEYS.map((k) => [k, p[up(k)] as string | null])) : undefined,
          };
        }),
      );
    })().catch((e) => {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    });
    return () => {
      live = false;
    };
    // depots only matter for the default warehouse of a new document
  }, [target]);
  useEffect(() => {
    if (target?.mode === 'add' && depots.data && form.getFieldValue('depotId') === undefined) form.setFieldsValue({ depotId: defaultDepot() });
  }, [depots.data, target, form]);

  const update = useCallback((key: number, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l))), []);
  const remove = useCallback((key: number) => setLines((ls) => ls.filter((l) => l.key !== key)), []);

  const lineOf = (m: Material, price: number | string | null | undefined, first: boolean, n = '1'): Line => {
    const h = form.getFieldsValue();
    return {
      key: newLineKey(),
      materialId: m.id,
      materialExtendId: m.meId,
      barCode: m.barCode,
      name: m.name,
      standard: [m.standard, m.model].filter(Boolean).join(' '),
      unit: m.commodityUnit ?? m.unit ?? '',
      depotId: h.depotId,
      anotherDepotId: h.anotherDepotId,
      operNumber: n,
      unitPrice: docType.prices ? '' : typeof price === 'string' ? price : str(price),
      taxRate: '',
      batchNumber: '',
      expirationDate: '',
      snList: '',
      materialType: assembly ? (first ? '组合件' : '普通子件') : undefined,
      remark: '',
      batch: Boolean(m.enableBatchNumber),
      serial: Boolean(m.enableSerialNumber),
      ...(docType.prices
        ? { prices: emptyPrices(), oldPrices: { purchaseDecimal: m.purchaseDecimal, commodityDecimal: m.commodityDecimal, wholesaleDecimal: m.wholesaleDecimal, lowDecimal: m.lowDecimal } }
        : {}),
    };
  };

  /** A material becomes a line (or one more of an unlinked line with that barcode), with the suggested price. */
  const addMaterial = async (m: Material) => {
    const existing = lines.find((l) => l.materialExtendId === m.meId && !l.linkId && !l.serial);
    if (existing && docType.prices) return void message.warning(t('dupBarcode', { code: m.barCode }));
    if (existing) return update(existing.key, { operNumber: qty(Number(existing.operNumber || 0) + 1) });
    const price = docType.prices ? undefined : ((await documentApi.price(m.meId, form.getFieldValue('organId'), priceType)) ?? basePrice(m, priceType));
    setLines((ls) => [...ls, lineOf(m, price, !ls.length)]);
  };

  /** Pasted lines: each barcode is looked up once; every pasted line becomes its own line. */
  const addPasted = async (pasted: PastedLine[]) => {
    const codes = [...new Set(pasted.map((p) => p.barCode))];
    const found = new Map((await Promise.all(codes.map((c) => documentApi.byBarCode(c)))).flatMap((m, i) => (m ? [[codes[i], m] as const] : [])));
    const missing = codes.filter((c) => !found.has(c));
    if (missing.length) return void message.warning(t('barcodeMissing', { code: missing.slice(0, 5).join(', ') }));
    setLines((ls) => [...ls, ...pasted.map((p, i) => lineOf(found.get(p.barCode)!, p.unitPrice ?? basePrice(found.get(p.barCode)!, priceType), !ls.length && !i, p.operNumber))]);
    setPasting(false);
  };

  const scan = async () => {
    const code = barcode.trim();
    if (!code) return;
    const m = await documentApi.byBarCode(code);
    if (!m) return void message.warning(t('barcodeMissing', { code }));
    setBarcode('');
    await addMaterial(m);
    barcodeRef.current?.focus();
  };

  const changeHeaderDepot = useCallback((field: 'depotId' | 'anotherDepotId', id: number | undefined) => setLines((ls) => ls.map((l) => ({ ...l, [field]: id }))), []);

  const sums = useMemo(() => sumLines(lines), [lines]);
  const watched = Form.useWatch([], form) as Header | undefined;
  const w = watched ?? {};
  const pay = useMemo(
    () =>
      payment(sums.total, { ...w, changeAmount: w.payType === '预付款' ? undefined : w.changeAmount, discountBy }, { retail, order: Boolean(docType.order) || docType.stock === 0 }),
    [sums.total, w.discount, w.discountMoney, w.otherMoney, w.deposit, w.changeAmount, w.payType, discountBy, retail, docType],
  );
  const member = retail ? partners.data?.find((p) => p.id === w.organId) : undefined;

  const save = async (audit: boolean) => {
    let h: Header;
    try {
      h = await form.validateFields();
    } catch {
      return;
    }
    const problem = checkLines(docType, lines, t);
    if (problem) return void message.warning(problem);
    const cash = !(retail && h.payType === '预付款');
    if (cash && h.changeAmount && Number(h.changeAmount) !== 0 && !h.accountId && !parts) return void message.warning(t('needAccount'));
    if (!cash && !h.organId) return void message.warning(t('needMember'));
    setSaving(true);
    try {
      const id = props.target?.mode === 'edit' ? detail?.id : undefined;
      const r = await documentApi.save(toSave(docType, { ...h, id, audit, discountBy, parts }, lines));
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

  /**
   * Lines of an audited source document: from the type's own source at their open quantities
   * (claimed on save); from a sales order (以销定购) at their quantities, unlinked, at purchase prices.
   */
  const pullLinked = async (row: DocumentRow, source: DocType) => {
    try {
      const d = await documentApi.detail(row.number);
      if (source.key === docType.alsoFrom) {
        const prices = await Promise.all(d.rows.map((r) => documentApi.price(r.materialExtendId, form.getFieldValue('organId'), 'buy')));
        form.setFieldsValue({ linkNumber: d.number });
        const pulled = d.rows.map((r, i) => ({ ...fromDetail({ ...r, linkId: null }, false), unitPrice: str(prices[i]), depotId: form.getFieldValue('depotId') ?? r.depotId ?? undefined }));
        setLines(pulled);
      } else {
        const open = d.rows.filter((r) => (r.openNumber ?? r.operNumber) > 0);
        if (!open.length) return void message.warning(t('linkNoOpen'));
        form.setFieldsValue({
          linkNumber: d.number,
          ...(docType.partner && d.organId ? { organId: d.organId } : {}),
          ...(d.deposit ? { deposit: str(d.deposit) } : {}),
        });
        setLines(open.map((r) => fromDetail({ ...r, openNumber: r.openNumber ?? r.operNumber }, true)));
      }
      setLinking(false);
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };

  const openLink = useCallback(() => setLinking(true), []);
  const depotOptions = useMemo(() => (depots.data ?? []).map((d) => ({ value: d.id, label: d.name })), [depots.data]);
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
          <Space>
            <Button icon={<PrinterOutlined />} disabled={!detail} onClick={() => setPrinting(true)} data-testid="bill-print">
              {t('print')}
            </Button>
            <Button onClick={props.onClose}>{t('close')}</Button>
          </Space>
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
            <HeaderFields
              docType={docType}
              depotOptions={depotOptions}
              partners={partners.data ?? NO_OPTIONS}
              salespeople={salespeople.data ?? NO_OPTIONS}
              keepers={keepers.data ?? NO_OPTIONS}
              orderTypes={orderTypes}
              readOnly={readOnly}
              onDepot={changeHeaderDepot}
              onLink={openLink}
            />
            {docType.partner && (
              <PaymentFields
                docType={docType}
                form={form}
                total={sums.total}
                discountBy={discountBy}
                setDiscountBy={setDiscountBy}
                accounts={accounts.data ?? []}
                parts={parts}
                onParts={() => setPartsOpen(true)}
                member={member}
                readOnly={readOnly}
              />
            )}
            <HeaderTail readOnly={readOnly} />
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
                label: `${m.name}${m.standard ? ` ${m.standard}` : ''} · ${m.barCode} · ${t('stockShort')} ${qty(m.stock ?? 0)} · ${t('priceShort')} ${money(basePrice(m, priceType))}`,
              }))}
              onChange={(meId: number) => {
                const m = materials.data?.find((x) => x.meId === meId);
                if (m) void addMaterial(m);
              }}
              aria-label={t('materialPicker')}
              data-testid="bill-material-picker"
            />
            <Button icon={<SnippetsOutlined />} onClick={() => setPasting(true)} data-testid="bill-paste">
              {t('paste')}
            </Button>
            <span style={{ color: '#8c8c8c' }}>{t('lines', { count: lines.length })}</span>
          </Space>
        )}
        <DocumentGrid docType={docType} lines={lines} readOnly={readOnly} depotOptions={depotOptions} update={update} remove={remove} barcodeRef={barcodeRef} />
        {!docType.prices && <PaymentSummary docType={docType} qty={sums.qty} total={sums.total} pay={pay} />}
      </div>
      {linking && <LinkDialog docType={docType} withAlso={Boolean(bySale.data)} onPick={(r, s) => void pullLinked(r, s)} onClose={() => setLinking(false)} />}
      {partsOpen && (
        <AccountsDialog
          accounts={accounts.data ?? []}
          parts={parts}
          paid={form.getFieldValue('changeAmount') ?? ''}
          readOnly={readOnly}
          onOk={(p, sum) => {
            setParts(p);
            if (p) form.setFieldsValue({ changeAmount: sum, accountId: undefined });
            setPartsOpen(false);
          }}
          onClose={() => setPartsOpen(false)}
        />
      )}
      {pasting && <PasteDialog onOk={addPasted} onClose={() => setPasting(false)} />}
      {printing && detail && <PrintDialog docs={[detail]} docType={docType} label={props.label} onClose={() => setPrinting(false)} />}
    </Modal>
  );
}
