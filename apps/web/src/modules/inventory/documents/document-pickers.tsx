import { useState } from 'react';
import { Button, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { documentApi } from './document-api.ts';
import { useDocumentT } from './document-i18n.ts';
import type { Line } from './document-line.ts';
import { qty } from '../../../platform/format.ts';

/** Outbound batch item: one of the batches in stock in the line's warehouse, with stock and expiry. */
export function BatchSelect(props: { line: Line; onPick: (batchNumber: string, expirationDate: string) => void }) {
  const { t } = useDocumentT();
  const { line } = props;
  const [open, setOpen] = useState(false);
  const ready = Boolean(line.materialId && line.depotId);
  const batches = useQuery({
    queryKey: ['bill-batches', line.materialId, line.depotId],
    queryFn: () => documentApi.batches(line.materialId!, line.depotId!),
    enabled: open && ready,
  });
  return (
    <Select
      size="small"
      style={{ width: '100%' }}
      value={line.batchNumber || undefined}
      placeholder={t('pickBatch')}
      open={open}
      onOpenChange={setOpen}
      loading={batches.isFetching}
      notFoundContent={ready ? t('noBatch') : t('needDepotFirst')}
      popupMatchSelectWidth={320}
      options={(batches.data ?? []).map((b) => ({
        value: b.batchNumber,
        label: `${b.batchNumber} · ${t('stockShort')} ${qty(b.totalNum)}${b.expirationDate ? ` · ${t('expiry')} ${b.expirationDate}` : ''}`,
      }))}
      labelRender={(o) => o.value}
      onChange={(v: string) => props.onPick(v, batches.data?.find((b) => b.batchNumber === v)?.expirationDate ?? '')}
      data-testid="line-batch-pick"
    />
  );
}

/** Outbound serial item: the serials in stock, picked several at once; the quantity follows their count. */
export function SerialButton(props: { line: Line; onPick: (sns: string[]) => void }) {
  const { t } = useDocumentT();
  const { line } = props;
  const [open, setOpen] = useState(false);
  const current = line.snList.split(/[,，\s]+/).filter(Boolean);
  const [picked, setPicked] = useState<string[]>(current);
  const serials = useQuery({
    queryKey: ['bill-serials', line.materialId, line.depotId],
    queryFn: () => documentApi.serials(line.materialId!, line.depotId),
    enabled: open && Boolean(line.materialId),
  });
  // serials on this line already are no longer "in stock" once the document posted, so keep them offered
  const options = [...new Set([...current, ...(serials.data ?? []).map((s) => s.serialNumber)])].map((s) => ({ value: s, label: s }));
  return (
    <>
      <Button
        size="small"
        block
        onClick={() => {
          setPicked(current);
          setOpen(true);
        }}
        data-testid="line-serial-pick"
      >
        {current.length ? t('serialCount', { count: current.length }) : t('pickSerials')}
      </Button>
      {open && (
        <Modal
          open
          title={t('pickSerialsTitle', { name: line.name })}
          onCancel={() => setOpen(false)}
          onOk={() => {
            props.onPick(picked);
            setOpen(false);
          }}
          okButtonProps={{ ...({ 'data-testid': 'serial-ok' } as Record<string, string>) }}
        >
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            value={picked}
            onChange={setPicked}
            options={options}
            loading={serials.isFetching}
            placeholder={t('pickSerials')}
            notFoundContent={t('noSerial')}
            data-testid="serial-select"
          />
        </Modal>
      )}
    </>
  );
}
