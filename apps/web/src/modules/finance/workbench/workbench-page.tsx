import { Button, Card, Row, Space } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { FIN_DOC_TYPES } from '@erp/entities/finance-types';
import { http, unwrap } from '../../../platform/http.ts';
import { isEnglish } from '../../../platform/i18n/index.ts';
import { useMenuIndex } from '../../../shell/menu-context.ts';
import { LinkFigure } from '../../../platform/link-figure.tsx';
import { useWorkbenchT } from './workbench-i18n.ts';

type Money = string | null;
interface Arrears {
  docs: number;
  amount: Money;
  overdueDocs: number;
  overdue: Money;
}
interface Month {
  moneyIn: Money;
  moneyOut: Money;
  revenue: Money;
  cost: Money;
  otherIncome: Money;
  expenses: Money;
  profit: Money;
}
interface WorkbenchData {
  unaudited: Array<{ key: string; type: string; menu: string; count: number }>;
  receivable: Arrears;
  payable: Arrears;
  period: { current: string; lastClosed: string | null; firstOpen: string | null; toClose: number };
  cash: Money;
  thisMonth: Month;
  lastMonth: Month;
  overdueDays: number;
}

// the finance entries offered as shortcuts, in this order, when the user has them
const SHORTCUTS = [
  ...FIN_DOC_TYPES.map((t) => t.menu),
  '/financial/receivable_invoice',
  '/financial/payable_invoice',
  '/report/customer_account',
  '/report/vendor_account',
  '/financial/receivable_ageing',
  '/financial/payable_ageing',
  '/report/income_statement',
  '/financial/trial_balance',
  '/financial/general_ledger',
  '/financial/period_close',
];

/** 财务工作台 (GET /finance/workbench, issue 14): the finance clerk's to-dos, key figures and shortcuts. */
export function FinanceWorkbenchPage() {
  const { t, i18n } = useWorkbenchT();
  const en = isEnglish(i18n.language);
  const navigate = useNavigate();
  const menus = useMenuIndex().leaves;
  const q = useQuery({ queryKey: ['finance-workbench'], queryFn: async () => unwrap(await http.get<WorkbenchData>('/finance/workbench')), staleTime: 0 });
  const d = q.data;
  const days = d?.overdueDays ?? 30;
  const month = (key: 'thisMonth' | 'lastMonth') => (
    <Card size="small" title={t(key)} style={{ marginBottom: 12 }} data-testid={`finwb-${key}`}>
      <Row gutter={[12, 12]}>
        <LinkFigure title={t('moneyIn')} value={d?.[key].moneyIn} link="/financial/account_statistics" money testId={`finwb-${key}-moneyIn`} />
        <LinkFigure title={t('moneyOut')} value={d?.[key].moneyOut} link="/financial/account_statistics" money testId={`finwb-${key}-moneyOut`} />
        <LinkFigure title={t('revenue')} value={d?.[key].revenue} link="/report/income_statement" money testId={`finwb-${key}-revenue`} />
        <LinkFigure title={t('cost')} value={d?.[key].cost} link="/report/income_statement" money testId={`finwb-${key}-cost`} />
        <LinkFigure title={t('expenses')} value={d?.[key].expenses} link="/report/income_expense" money testId={`finwb-${key}-expenses`} />
        <LinkFigure title={t('profit')} value={d?.[key].profit} link="/report/income_statement" money testId={`finwb-${key}-profit`} />
      </Row>
    </Card>
  );
  const period = d?.period;
  return (
    <div data-testid="finance-workbench" data-updated={q.dataUpdatedAt}>
      <Card
        size="small"
        title={t('todo')}
        style={{ marginBottom: 12 }}
        extra={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void q.refetch()} loading={q.isFetching} data-testid="finwb-refresh">
            {t('refresh')}
          </Button>
        }
      >
        <Row gutter={[12, 12]}>
          {(d?.unaudited ?? []).map((u) => {
            const type = FIN_DOC_TYPES.find((x) => x.key === u.key);
            const label = type ? type.label[en ? 'en' : 'zh'] : u.type;
            return <LinkFigure key={u.key} title={t('unaudited', { label })} value={u.count} link={u.menu} warn testId={`finwb-unaudited-${u.key}`} />;
          })}
          <LinkFigure
            title={t('receivableOverdue', { days })}
            value={d?.receivable.overdue}
            note={d && t('docs', { count: d.receivable.overdueDocs })}
            link="/financial/receivable_ageing"
            money
            warn
            testId="finwb-receivable-overdue"
          />
          <LinkFigure
            title={t('payableOverdue', { days })}
            value={d?.payable.overdue}
            note={d && t('docs', { count: d.payable.overdueDocs })}
            link="/financial/payable_ageing"
            money
            warn
            testId="finwb-payable-overdue"
          />
          <LinkFigure
            title={t('toClose')}
            value={period?.toClose}
            note={
              period &&
              (period.toClose ? t('toCloseFrom', { p: period.firstOpen }) : period.lastClosed ? t('lastClosed', { p: period.lastClosed }) : t('allClosed'))
            }
            link="/financial/period_close"
            warn
            testId="finwb-to-close"
          />
        </Row>
      </Card>
      <Card size="small" title={t('figures')} style={{ marginBottom: 12 }}>
        <Row gutter={[12, 12]}>
          <LinkFigure title={t('cash')} value={d?.cash} link="/financial/account_statistics" money testId="finwb-cash" />
          <LinkFigure
            title={t('receivable')}
            value={d?.receivable.amount}
            note={d && t('docs', { count: d.receivable.docs })}
            link="/report/customer_account"
            money
            testId="finwb-receivable"
          />
          <LinkFigure
            title={t('payable')}
            value={d?.payable.amount}
            note={d && t('docs', { count: d.payable.docs })}
            link="/report/vendor_account"
            money
            testId="finwb-payable"
          />
        </Row>
      </Card>
      {month('thisMonth')}
      {month('lastMonth')}
      <Card size="small" title={t('shortcuts')}>
        <Space wrap data-testid="finwb-shortcuts">
          {SHORTCUTS.filter((p) => menus.has(p)).map((p) => (
            <Button key={p} onClick={() => void navigate(p)} data-link={p}>
              {en ? menus.get(p)!.englishName || menus.get(p)!.text : menus.get(p)!.text}
            </Button>
          ))}
        </Space>
      </Card>
    </div>
  );
}
