import { useQuery } from '@tanstack/react-query';
import { DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import type { SearchItem } from '../../../platform/crud/search-bar.tsx';
import { http, unwrap } from '../../../platform/http.ts';
import { financeApi, type Option } from '../finance-api.ts';
import type { FinFilter, FinReportDef } from './fin-report-defs.ts';

const MONTH = 'YYYY-MM';
const thisMonth = () => dayjs().format(MONTH);

/** The plain search (month strings, ids) a screen starts with. */
export function initialSearch(def: FinReportDef): Record<string, unknown> {
  const s: Record<string, unknown> = {};
  if (def.filters.includes('period')) s.period = thisMonth();
  if (def.filters.includes('months')) s.months = [dayjs().startOf('year').format(MONTH), thisMonth()];
  if (def.filters.includes('year')) s.year = dayjs().year();
  if (def.filters.includes('settleType')) s.type = '收款';
  return s;
}

/** Form values (dayjs) from a plain search, and back. */
export function toForm(s: Record<string, unknown>): Record<string, unknown> {
  const months = s.months as [string | undefined, string | undefined] | undefined;
  return {
    ...s,
    period: s.period ? dayjs(String(s.period), MONTH) : undefined,
    months: months ? [months[0] ? dayjs(months[0], MONTH) : null, months[1] ? dayjs(months[1], MONTH) : null] : undefined,
    year: s.year ? dayjs(`${String(s.year)}-01-01`) : undefined,
    dates: Array.isArray(s.dates) ? (s.dates as Array<string | undefined>).map((d) => (d ? dayjs(d) : null)) : undefined,
    asOf: s.asOf ? dayjs(String(s.asOf)) : undefined,
  };
}

export function fromForm(v: Record<string, unknown>): Record<string, unknown> {
  const months = v.months as [Dayjs | null, Dayjs | null] | undefined;
  return {
    ...v,
    period: (v.period as Dayjs | undefined)?.format(MONTH),
    months: months ? [months[0]?.format(MONTH), months[1]?.format(MONTH)] : undefined,
    year: (v.year as Dayjs | undefined)?.year(),
    dates: Array.isArray(v.dates) ? (v.dates as Array<Dayjs | null>).map((d) => d?.format('YYYY-MM-DD')) : undefined,
    asOf: (v.asOf as Dayjs | null | undefined)?.format('YYYY-MM-DD'),
  };
}

/** The call's parameters from a plain search. */
export function toParams(def: FinReportDef, s: Record<string, unknown>): Record<string, string | number | undefined> {
  const months = s.months as [string | undefined, string | undefined] | undefined;
  const p: Record<string, string | number | undefined> = { ...def.fixed };
  if (def.filters.includes('period')) p.period = s.period as string | undefined;
  if (def.filters.includes('months') && months) [p.beginMonth, p.endMonth] = [months[0] ?? '2000-01', months[1] ?? thisMonth()];
  if (def.filters.includes('year')) p.year = s.year as number | undefined;
  const dates = s.dates as [string | undefined, string | undefined] | undefined;
  if (def.filters.includes('dates') && dates) [p.beginTime, p.endTime] = dates;
  for (const k of ['organId', 'accountId', 'name', 'type', 'asOf']) if (s[k] !== undefined && s[k] !== null && s[k] !== '') p[k] = s[k] as string | number;
  return p;
}

const opts = (xs: Option[]) => xs.map((o) => ({ value: o.id, label: o.name }));

function useOptions(filters: FinFilter[]) {
  const partners = useQuery({ queryKey: ['fin-partners'], queryFn: financeApi.partners, enabled: filters.includes('partner') });
  const accounts = useQuery({ queryKey: ['fin-accounts'], queryFn: financeApi.accounts, enabled: filters.includes('settlementAccount') });
  const chart = useQuery({
    queryKey: ['fin-chart'],
    queryFn: async () => unwrap(await http.get<{ rows: Array<{ id: number; code: string; name: string }> }>('/finance/chart')).rows,
    enabled: filters.includes('ledgerAccount'),
  });
  return { partners: partners.data ?? [], accounts: accounts.data ?? [], chart: chart.data ?? [] };
}

/** The search bar's fields of a report. */
export function useFilterItems(def: FinReportDef, t: TFunction): SearchItem[] {
  const o = useOptions(def.filters);
  const select = (options: Array<{ value: number; label: string }>, testId: string) => (
    <Select allowClear showSearch optionFilterProp="label" options={options} data-testid={testId} />
  );
  const node: Record<FinFilter, () => SearchItem> = {
    period: () => ({ name: 'period', label: t('f.period'), node: <DatePicker picker="month" style={{ width: '100%' }} allowClear={false} /> }),
    months: () => ({
      name: 'months',
      label: t('f.months'),
      node: <DatePicker.RangePicker picker="month" style={{ width: '100%' }} allowEmpty={[true, true]} />,
    }),
    year: () => ({ name: 'year', label: t('f.year'), node: <DatePicker picker="year" style={{ width: '100%' }} allowClear={false} /> }),
    partner: () => ({ name: 'organId', label: t('f.partner'), node: select(opts(o.partners), 'finrep-partner') }),
    settlementAccount: () => ({ name: 'accountId', label: t('f.settlementAccount'), node: select(opts(o.accounts), 'finrep-account') }),
    ledgerAccount: () => ({
      name: 'accountId',
      label: t('f.ledgerAccount'),
      node: select(
        o.chart.map((a) => ({ value: a.id, label: `${a.code} ${a.name}` })),
        'finrep-ledger-account',
      ),
    }),
    name: () => ({ name: 'name', label: t('f.name'), node: <Input allowClear maxLength={50} /> }),
    settleType: () => ({
      name: 'type',
      label: t('f.settleType'),
      node: (
        <Select
          options={[
            { value: '收款', label: t('f.moneyIn') },
            { value: '付款', label: t('f.moneyOut') },
          ]}
          data-testid="finrep-settle-type"
        />
      ),
    }),
    asOf: () => ({ name: 'asOf', label: t('f.asOf'), node: <DatePicker style={{ width: '100%' }} data-testid="finrep-as-of" /> }),
    dates: () => ({ name: 'dates', label: t('f.dates'), node: <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} /> }),
  };
  return def.filters.map((f) => node[f]());
}
