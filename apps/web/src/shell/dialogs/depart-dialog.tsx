import { useEffect, useState } from 'react';
import { App, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, messageOf } from '../../platform/http.ts';
import { updateUserInfo, useSession } from '../../platform/session.ts';
import { fetchDeparts } from './depart-api.ts';
import { useSaving } from '../../platform/use-saving.ts';

export const DEPART_DIALOG_WIDTH = 450;

/** Department selection (SPEC §2.4, §4): shown once the list loads; a choice is required. */
export function DepartDialog({ onClose, closable = true }: { onClose: () => void; closable?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const [value, setValue] = useState<string>();
  const [invalid, setInvalid] = useState(false);
  const [saving, whileSaving] = useSaving();
  const departs = useQuery({ queryKey: ['departs', user?.id], queryFn: fetchDeparts, staleTime: 0 });
  const list = departs.data?.list ?? [];
  const current = list.find((d) => d.orgCode === departs.data?.orgCode);

  useEffect(() => {
    if (departs.isError) onClose();
    else if (departs.data && departs.data.list.length === 0) {
      message.warning(t('depart.none'));
      onClose();
    }
  }, [departs.data, departs.isError, message, t, onClose]);

  const confirm = async () => {
    if (!value) {
      setInvalid(true);
      return;
    }
    await whileSaving(async () => {
      const body = (await http.post<unknown>('/sys/selectDepart', { orgCode: value, username: user?.loginName })) as unknown as {
        success?: boolean;
        code?: number;
        data?: unknown;
        result?: { userInfo?: { orgCode?: string; departName?: string } };
      };
      if (!body.success) {
        message.warning(messageOf(body.data) ?? t('http.fallback'));
        return;
      }
      updateUserInfo({ orgCode: body.result?.userInfo?.orgCode ?? value, departName: body.result?.userInfo?.departName });
      message.success(t('depart.done'));
      onClose();
    });
  };

  if (!departs.data || list.length === 0) return null;
  return (
    <Modal
      open
      width={DEPART_DIALOG_WIDTH}
      title={current ? t('depart.switch', { name: current.departName }) : t('depart.select')}
      closable={closable}
      mask={{ closable }}
      keyboard={closable}
      onCancel={onClose}
      onOk={() => void confirm()}
      confirmLoading={saving}
      okText={t('common.ok')}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {closable && <CancelBtn />}
          <OkBtn />
        </>
      )}
      cancelText={t('common.cancel')}
      data-testid="depart-dialog"
    >
      <Select
        style={{ width: '100%', margin: '12px 0' }}
        placeholder={t('depart.placeholder')}
        value={value}
        status={invalid ? 'error' : undefined}
        onChange={(v: string) => {
          setValue(v);
          setInvalid(false);
        }}
        options={list.map((d) => ({ value: d.orgCode, label: d.departName }))}
        data-testid="depart-select"
      />
      {invalid && <div style={{ color: '#ff4d4f' }}>{t('depart.required')}</div>}
    </Modal>
  );
}
