import { useState, type RefObject } from 'react';
import { App, Button, Input, type InputRef, Select, Space } from 'antd';
import { ScanOutlined, SnippetsOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { documentApi, type Material } from './document-api.ts';
import { useDocumentT } from './document-i18n.ts';
import { basePrice, type PriceType } from './document-load.ts';
import { amount, qty } from '../../../platform/format.ts';

/** The ways to add lines: a barcode box (scanner), a material picker with stock and price, bulk paste. */
export function LineEntry(props: {
  barcodeRef: RefObject<InputRef | null>;
  headerDepot: number | undefined;
  priceType: PriceType;
  lineCount: number;
  onMaterial: (m: Material) => Promise<void>;
  onPaste: () => void;
}) {
  const { t } = useDocumentT();
  const { message } = App.useApp();
  const [barcode, setBarcode] = useState('');
  const [materialQ, setMaterialQ] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const materials = useQuery({
    queryKey: ['bill-materials', materialQ, props.headerDepot],
    queryFn: () => documentApi.findMaterials(materialQ, props.headerDepot),
    enabled: pickerOpen,
    staleTime: 0, // stock changes with every posting: never show a cached figure
  });

  const scan = async () => {
    const code = barcode.trim();
    if (!code) return;
    const m = await documentApi.byBarCode(code);
    if (!m) return void message.warning(t('barcodeMissing', { code }));
    setBarcode('');
    await props.onMaterial(m);
    props.barcodeRef.current?.focus();
  };

  return (
    <Space wrap style={{ marginBottom: 8 }}>
      <Input
        ref={props.barcodeRef}
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
          label: `${m.name}${m.standard ? ` ${m.standard}` : ''} · ${m.barCode} · ${t('stockShort')} ${qty(m.stock ?? 0)} · ${t('priceShort')} ${amount(basePrice(m, props.priceType))}`,
        }))}
        onChange={(meId: number) => {
          const m = materials.data?.find((x) => x.meId === meId);
          if (m) void props.onMaterial(m);
        }}
        aria-label={t('materialPicker')}
        data-testid="bill-material-picker"
      />
      <Button icon={<SnippetsOutlined />} onClick={props.onPaste} data-testid="bill-paste">
        {t('paste')}
      </Button>
      <span style={{ color: '#8c8c8c' }}>{t('lines', { count: props.lineCount })}</span>
    </Space>
  );
}
