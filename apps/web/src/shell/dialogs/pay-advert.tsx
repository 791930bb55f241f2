import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { http, unwrap } from '../../platform/http.ts';
import { useSession } from '../../platform/session.ts';
import type { Device } from '../use-device.ts';

/** Payment advert: trial companies on desktop only (SPEC §4); the link is the pay_fee_url platform setting. */
export function PayAdvert({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [closed, setClosed] = useState(false);
  const trial = user?.type === '0' && device === 'desktop';
  const payUrl = useQuery({
    queryKey: ['pay_fee_url'],
    enabled: trial,
    staleTime: Infinity,
    queryFn: async () =>
      unwrap(await http.get<{ platformValue: string }>('/platformConfig/getPlatformConfigByKey', { platformKey: 'pay_fee_url' })).platformValue,
  });
  if (!trial || closed) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('expiry.advert', { date: dayjs(user.expireTime).format('YYYY-MM-DD') })}
      action={
        payUrl.data ? (
          <Button size="small" type="primary" href={payUrl.data} target="_blank" data-testid="pay-link">
            {t('expiry.pay')}
          </Button>
        ) : undefined
      }
      closable={{ onClose: () => setClosed(true) }}
      data-testid="pay-advert"
    />
  );
}
