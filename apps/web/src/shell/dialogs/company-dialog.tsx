import { useState } from 'react';
import { App, Modal, Select, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, messageOf, unwrap } from '../../platform/http.ts';
import type { LoginReply } from '../../platform/session.ts';
import { applySignIn } from '../../platform/sign-in.ts';
import { resetTabs } from '../tabs/tab-store.ts';
import { useSaving } from '../../platform/use-saving.ts';

interface Company {
  tenantId: number;
  name: string;
  current?: boolean;
}

/** Company switch (SPEC §2.4, §4): a new session in the chosen company, then a full reload. */
export function CompanyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [value, setValue] = useState<number>();
  const [invalid, setInvalid] = useState(false);
  const [saving, whileSaving] = useSaving();
  const companies = useQuery({
    queryKey: ['companies'],
    queryFn: async () => unwrap(await http.get<Company[]>('/tenant/company/domain')),
    staleTime: 0,
  });

  const confirm = async () => {
    if (!value) {
      setInvalid(true);
      return;
    }
    if (companies.data?.find((c) => c.tenantId === value)?.current) {
      onClose();
      return;
    }
    await whileSaving(async () => {
      const env = await http.post<LoginReply>('/user/domain/login', { tenantId: value });
      if (env.code !== 200) {
        message.warning(messageOf(env.data) ?? t('http.fallback'));
        return;
      }
      const ok = await applySignIn(env.data);
      // menus, tabs and cached data all belong to the old company: start afresh
      resetTabs();
      window.location.assign(ok ? '/dashboard/analysis' : '/user/login');
    });
  };

  return (
    <Modal
      open
      title={t('company.title')}
      width={450}
      onCancel={onClose}
      onOk={() => void confirm()}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      data-testid="company-dialog"
    >
      <Select
        style={{ width: '100%', margin: '12px 0' }}
        placeholder={t('company.placeholder')}
        loading={companies.isLoading}
        value={value}
        status={invalid ? 'error' : undefined}
        onChange={(v: number) => {
          setValue(v);
          setInvalid(false);
        }}
        options={(companies.data ?? []).map((c) => ({
          value: c.tenantId,
          label: (
            <span>
              {c.name} {c.current && <Tag color="blue">{t('company.current')}</Tag>}
            </span>
          ),
        }))}
        data-testid="company-select"
      />
      {invalid && <div style={{ color: '#ff4d4f' }}>{t('company.required')}</div>}
    </Modal>
  );
}
