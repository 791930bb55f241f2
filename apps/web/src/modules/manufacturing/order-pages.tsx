import { useState } from 'react';
import { App, Button, Input, Popconfirm, Space } from 'antd';
import { ENTITIES } from '@erp/entities/definitions';
import type { ScreenProps } from '../../shell/screen.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';
import { failureText } from '../../platform/crud/file-transfer.ts';
import type { Row } from '../../platform/crud/crud-types.ts';
import { mfgApi } from './mfg-api.ts';
import { useMfgT } from './mfg-i18n.ts';
import { MakeOrderSizes } from './make-order-sizes.tsx';

function useAct() {
  const { message } = App.useApp();
  return async <T,>(call: Promise<T>, ok: (r: T) => string, after?: () => void) => {
    try {
      message.success(ok(await call));
      after?.();
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };
}

/** 制造订单: the generic list and form, plus a make order from a sales order number and the release of a draft. */
export function MakeOrderPage({ path, title }: ScreenProps) {
  const { t } = useMfgT();
  const act = useAct();
  const [saleNo, setSaleNo] = useState('');
  const [version, setVersion] = useState(0);
  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        <Input
          style={{ width: 220 }}
          placeholder={t('saleNo')}
          value={saleNo}
          maxLength={50}
          onChange={(e) => setSaleNo(e.target.value)}
          data-testid="mo-sale-no"
        />
        <Button
          disabled={!saleNo.trim()}
          onClick={() =>
            void act(
              mfgApi.fromSale(saleNo.trim()),
              (r) => `${r.message} ${r.moNo}`,
              () => setVersion((v) => v + 1),
            )
          }
        >
          {t('fromSale')}
        </Button>
      </Space>
      <EntityListPage
        key={version}
        entity={ENTITIES.makeOrder}
        path={path}
        title={title}
        rowActions={(row: Row, reload) => (
          <>
            <MakeOrderSizes id={row.id} moNo={String(row.moNo)} onSaved={reload} />
            {row.status === 'draft' && (
              <Popconfirm
                title={`${t('release')} ${String(row.moNo)}?`}
                onConfirm={() => act(mfgApi.release(row.id), (r) => t('releaseDone', { n: r.workOrders }), reload)}
              >
                <Button type="link" size="small">
                  {t('release')}
                </Button>
              </Popconfirm>
            )}
          </>
        )}
      />
    </>
  );
}

/** 报价单: the generic list and form (costs rolled up on save), plus the one-step sales order. */
export function QuotationPage({ path, title }: ScreenProps) {
  const { t } = useMfgT();
  const act = useAct();
  return (
    <EntityListPage
      entity={ENTITIES.quotation}
      path={path}
      title={title}
      rowActions={(row: Row, reload) =>
        row.saleOrderNo ? null : (
          <Popconfirm title={`${t('toSale')}?`} onConfirm={() => act(mfgApi.toSale(row.id), (r) => t('toSaleDone', { no: r.number }), reload)}>
            <Button type="link" size="small">
              {t('toSale')}
            </Button>
          </Popconfirm>
        )
      }
    />
  );
}
