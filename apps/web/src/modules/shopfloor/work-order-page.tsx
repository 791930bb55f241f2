import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Space } from 'antd';
import { ENTITIES } from '@erp/entities/definitions';
import type { ScreenProps } from '../../shell/screen.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';
import { LinkSelect } from '../../platform/crud/link-select.tsx';
import type { Row } from '../../platform/crud/crud-types.ts';
import { http, unwrap } from '../../platform/http.ts';
import { useInspectionCmtT } from './inspection-cmt-i18n.ts';
import { WoOutsourcingDialog } from './wo-outsourcing-dialog.tsx';
import { WoHeldDialog } from './wo-held-dialog.tsx';
import { useSaving } from '../../platform/use-saving.ts';

type Kind = 'pick' | 'return' | 'receipt';
const URL: Record<Kind, string> = { pick: '/shopfloor/pick', return: '/shopfloor/return', receipt: '/shopfloor/finishedReceipt' };
const QTY_RE = /^\d{1,15}(\.\d{1,6})?$/;

interface Values {
  depotId: number;
  materialId?: number;
  qty?: string;
}

/** The body each material route takes from the dialog's values. */
function bodyOf(kind: Kind, workOrderId: number, v: Values) {
  if (kind === 'return') return { workOrderId, depotId: v.depotId, lines: [{ materialId: v.materialId, qty: v.qty }] };
  if (kind === 'receipt') return { workOrderId, depotId: v.depotId, ...(v.qty && { qty: v.qty }) };
  return { workOrderId, depotId: v.depotId };
}

/** 领料 / 退料 / 完工入库 of one work order: the warehouse, and the material and quantity where the move needs them. */
function MoveDialog({ kind, row, onClose }: { kind: Kind; row: Row; onClose: (done: boolean) => void }) {
  const { t } = useInspectionCmtT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, whileSaving] = useSaving();
  const submit = async () => {
    const v = await form.validateFields();
    await whileSaving(async () => {
      message.success(unwrap(await http.post<{ message: string }>(URL[kind], bodyOf(kind, Number(row.id), v))).message);
      onClose(true);
    });
  };
  return (
    <Modal
      open
      title={`${t(`wo.${kind}`)} · ${String(row.woNo ?? '')}`}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      {kind === 'pick' && <Alert type="info" showIcon title={t('wo.pickHint')} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" data-testid={`wo-${kind}-form`}>
        <Form.Item name="depotId" label={t('wo.depot')} rules={[{ required: true }]}>
          <LinkSelect target="depot" data-testid="wo-depot" />
        </Form.Item>
        {kind === 'return' && (
          <Form.Item name="materialId" label={t('wo.material')} rules={[{ required: true }]}>
            <LinkSelect target="material" data-testid="wo-material" />
          </Form.Item>
        )}
        {kind !== 'pick' && (
          <Form.Item
            name="qty"
            label={t('wo.qty')}
            rules={[{ required: kind === 'return' }, { pattern: QTY_RE }]}
            extra={kind === 'receipt' ? t('wo.qtyHint') : undefined}
          >
            <Input inputMode="decimal" data-testid="wo-qty" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** 生产工单: the kit's work order list with picking, return and finished goods receipt on each row. */
export function WorkOrderPage({ path, title }: ScreenProps) {
  const { t } = useInspectionCmtT();
  const [open, setOpen] = useState<{ kind: Kind; row: Row; reload: () => void }>();
  const [outsourcing, setOutsourcing] = useState<Row>();
  const [held, setHeld] = useState<Row>();
  return (
    <>
      <EntityListPage
        entity={ENTITIES.workOrder}
        path={path}
        title={title}
        rowActions={(row, reload) => (
          <Space size={0} data-testid="wo-material-actions">
            {(['pick', 'return', 'receipt'] as Kind[]).map((kind) => (
              <Button key={kind} type="link" size="small" onClick={() => setOpen({ kind, row, reload })} data-testid={`wo-${kind}`}>
                {t(`wo.${kind}`)}
              </Button>
            ))}
            <Button type="link" size="small" onClick={() => setOutsourcing(row)} data-testid="wo-outsourcing">
              {t('ws.title')}
            </Button>
            <Button type="link" size="small" onClick={() => setHeld(row)} data-testid="wo-held">
              {t('wo.held')}
            </Button>
          </Space>
        )}
      />
      {open && (
        <MoveDialog
          kind={open.kind}
          row={open.row}
          onClose={(done) => {
            if (done) open.reload();
            setOpen(undefined);
          }}
        />
      )}
      {outsourcing && <WoOutsourcingDialog row={outsourcing} onClose={() => setOutsourcing(undefined)} />}
      {held && <WoHeldDialog row={held} onClose={() => setHeld(undefined)} />}
    </>
  );
}
