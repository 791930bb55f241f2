import type { ReactNode } from 'react';
import { Button, Card, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useMobile } from '../../platform/crud/use-mobile.ts';
import { projectApi, type Option } from './project-api.ts';
import { useProjectT } from './project-i18n.ts';

/** A full-page form of the /blank routes (SPEC §2.1): a title, a back button and the form, narrow enough for a phone. */
export function BlankFrame({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  const { t } = useProjectT();
  const navigate = useNavigate();
  // on a phone the buttons would squeeze the title out of the card's head: they go above the form instead
  const mobile = useMobile();
  const back = <Button onClick={() => navigate(-1)}>{t('back')}</Button>;
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: mobile ? 0 : 12 }}>
      <Card
        size="small"
        title={title}
        extra={
          mobile ? (
            back
          ) : (
            <Space wrap>
              {extra}
              {back}
            </Space>
          )
        }
      >
        {mobile && extra && (
          <Space wrap style={{ marginBottom: 12 }}>
            {extra}
          </Space>
        )}
        {children}
      </Card>
    </div>
  );
}

/** The numeric query parameter `name` (e.g. ?projectId=12), or undefined. */
export function useNumberParam(name: string): number | undefined {
  const [params] = useSearchParams();
  const v = Number(params.get(name));
  return Number.isInteger(v) && v > 0 ? v : undefined;
}

const opts = (rows: Option[] | undefined) => (rows ?? []).map((o) => ({ value: o.id, label: o.name }));
/** Pickers the forms share: users, settlement accounts, partners. */
export function usePickers() {
  const users = useQuery({ queryKey: ['project', 'users'], queryFn: projectApi.users, staleTime: 60_000 });
  const accounts = useQuery({ queryKey: ['project', 'accounts'], queryFn: projectApi.accounts, staleTime: 60_000 });
  const partners = useQuery({ queryKey: ['project', 'partners'], queryFn: projectApi.partners, staleTime: 60_000 });
  return { users: opts(users.data), accounts: opts(accounts.data), partners: opts(partners.data) };
}

/** 'YYYY-MM-DD' of a dayjs value from a DatePicker (or undefined). */
export const ymd = (d: { format: (f: string) => string } | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);
