import { DatePicker, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSfT } from './sf-i18n.ts';

/** The server's wall clock (documents' dates, UTC text) of the moment picked in the browser's time zone. */
export const serverTime = (d: Dayjs) => d.toDate().toISOString().slice(0, 19).replace('T', ' ');

/** 补报's time (null: off) as a start, a report… sends it. */
export const backdateTime = (v: Dayjs | null) => (v ? serverTime(v) : undefined);

/**
 * 补报 on the workstation: a switch and, when on, the time the work was done (not in the future; yesterday 17:00 to
 * begin with). Start, pause, resume, finish and the report are dated then. Shown only to users who may report.
 */
export function BackdateField({ value, onChange }: { value: Dayjs | null; onChange: (v: Dayjs | null) => void }) {
  const { t } = useSfT();
  return (
    <Space wrap align="center" style={{ width: '100%', marginTop: 8 }} data-testid="sf-backdate-box">
      <Switch checked={!!value} data-testid="sf-backdate" onChange={(on) => onChange(on ? dayjs().subtract(1, 'day').hour(17).minute(0).second(0) : null)} />
      <span>{t('backdate')}</span>
      {value && (
        <DatePicker
          showTime
          size="large"
          format="YYYY-MM-DD HH:mm"
          value={value}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(d) => d && onChange(d)}
          data-testid="sf-report-time"
        />
      )}
      <Typography.Text type="secondary">{value ? t('backdateHint') : ''}</Typography.Text>
    </Space>
  );
}
