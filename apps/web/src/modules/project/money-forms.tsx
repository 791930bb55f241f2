import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../platform/http.ts';
import { projectApi, type MoneyKind } from './project-api.ts';
import { useProjectT } from './project-i18n.ts';
import { BlankFrame, useNumberParam, usePickers, ymd } from './blank-frame.tsx';
import { useRun } from './use-run.ts';

const PAGE: Record<MoneyKind, string> = { collection: 'newCollection', payment: 'newPayment', expense: 'newExpenses' };
interface Contract {
  id: number;
  name: string;
  milestones: Array<{ id: number; name: string }>;
}

/** /blank/newCollection, newPayment, newExpenses?projectId=: one money record, posted through the journal on save. */
export function MoneyForm({ kind }: { kind: MoneyKind }) {
  const { t } = useProjectT();
  const { t: tg } = useTranslation();
  const navigate = useNavigate();
  const run = useRun();
  const projectId = useNumberParam('projectId');
  const { accounts, partners } = usePickers();
  const contracts = useQuery({
    queryKey: ['project', 'contracts', projectId],
    queryFn: async () => unwrap(await http.get<Contract[]>('/project/contract/list', { projectId })),
    enabled: !!projectId && kind === 'collection',
  });
  const [form] = Form.useForm();
  const contractId = Form.useWatch('contractId', form) as number | undefined;
  const save = async () => {
    const v = await form.validateFields();
    const body = { ...v, projectId, billDate: ymd(v.billDate), amount: String(v.amount) };
    const r = await run(projectApi.addMoney(kind, body), t('saved'));
    if (r) navigate(`/blank/projectDetail?id=${projectId}&tab=money`, { replace: true });
  };
  const title = tg(`blank.${PAGE[kind]}`);
  if (!projectId) return <BlankFrame title={title}>{t('noProject')}</BlankFrame>;
  const milestones = contracts.data?.find((c) => c.id === contractId)?.milestones ?? [];
  return (
    <BlankFrame title={title}>
      <Form form={form} layout="vertical" initialValues={{ billDate: dayjs() }} style={{ maxWidth: 640 }}>
        <Form.Item name="billDate" label={t('billDate')} rules={[{ required: true, message: t('required', { f: t('billDate') }) }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="amount" label={t('amount')} rules={[{ required: true, message: t('required', { f: t('amount') }) }]}>
          <InputNumber min="0.01" precision={2} stringMode style={{ width: '100%' }} data-testid="money-amount" />
        </Form.Item>
        <Form.Item name="accountId" label={t('account')}>
          <Select allowClear options={accounts} />
        </Form.Item>
        <Form.Item name="partnerId" label={t('partner')}>
          <Select allowClear showSearch optionFilterProp="label" options={partners} />
        </Form.Item>
        {kind === 'collection' && (
          <Space.Compact block>
            <Form.Item name="contractId" label={t('contract')} style={{ flex: 1 }}>
              <Select allowClear options={(contracts.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
            </Form.Item>
            <Form.Item name="milestoneId" label={t('milestones')} style={{ flex: 1 }}>
              <Select allowClear options={milestones.map((m) => ({ value: m.id, label: m.name }))} />
            </Form.Item>
          </Space.Compact>
        )}
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Button type="primary" onClick={() => void save()} data-testid="save-money">
          {t('save')}
        </Button>
      </Form>
    </BlankFrame>
  );
}

export const NewCollectionPage = () => <MoneyForm kind="collection" />;
export const NewPaymentPage = () => <MoneyForm kind="payment" />;
export const NewExpensesPage = () => <MoneyForm kind="expense" />;

/** /blank/newContracts?projectId=: a contract with its payment milestones. */
export function NewContractPage() {
  const { t } = useProjectT();
  const { t: tg } = useTranslation();
  const navigate = useNavigate();
  const run = useRun();
  const projectId = useNumberParam('projectId');
  const { partners } = usePickers();
  const [form] = Form.useForm();
  const save = async () => {
    const v = await form.validateFields();
    const milestones = ((v.milestones ?? []) as Array<{ name: string; dueDate: dayjs.Dayjs; amount: string }>).map((m) => ({
      name: m.name,
      dueDate: ymd(m.dueDate),
      amount: String(m.amount),
    }));
    const r = await run(projectApi.addContract({ ...v, projectId, signDate: ymd(v.signDate), amount: String(v.amount), milestones }), t('saved'));
    if (r) navigate(`/blank/projectDetail?id=${projectId}&tab=money`, { replace: true });
  };
  if (!projectId) return <BlankFrame title={tg('blank.newContracts')}>{t('noProject')}</BlankFrame>;
  return (
    <BlankFrame title={tg('blank.newContracts')}>
      <Form form={form} layout="vertical" initialValues={{ signDate: dayjs(), milestones: [] }} style={{ maxWidth: 720 }}>
        <Form.Item name="name" label={t('contractName')} rules={[{ required: true, message: t('required', { f: t('contractName') }) }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="partnerId" label={t('partner')}>
          <Select allowClear showSearch optionFilterProp="label" options={partners} />
        </Form.Item>
        <Form.Item name="amount" label={t('amount')} rules={[{ required: true, message: t('required', { f: t('amount') }) }]}>
          <InputNumber min="0.01" precision={2} stringMode style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="signDate" label={t('signDate')} rules={[{ required: true }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.List name="milestones">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} wrap align="baseline">
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, message: t('required', { f: t('milestone') }) }]}>
                    <Input placeholder={t('milestone')} maxLength={100} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'dueDate']} rules={[{ required: true, message: t('required', { f: t('dueDate') }) }]}>
                    <DatePicker placeholder={t('dueDate')} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'amount']} rules={[{ required: true, message: t('required', { f: t('amount') }) }]}>
                    <InputNumber placeholder={t('amount')} min="0.01" precision={2} stringMode />
                  </Form.Item>
                  <Button onClick={() => remove(f.name)}>−</Button>
                </Space>
              ))}
              <Form.Item>
                <Button type="dashed" onClick={() => add()}>
                  {t('addMilestone')}
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <Button type="primary" onClick={() => void save()}>
          {t('save')}
        </Button>
      </Form>
    </BlankFrame>
  );
}

/** /blank/newRisk?projectId=: a risk with probability, impact, owner and warning date. */
export function NewRiskPage() {
  const { t } = useProjectT();
  const { t: tg } = useTranslation();
  const navigate = useNavigate();
  const run = useRun();
  const projectId = useNumberParam('projectId');
  const { users } = usePickers();
  const [form] = Form.useForm();
  const save = async () => {
    const v = await form.validateFields();
    const r = await run(projectApi.addRisk({ ...v, projectId, warnDate: ymd(v.warnDate) ?? null }), t('saved'));
    if (r) navigate(`/blank/projectDetail?id=${projectId}&tab=risks`, { replace: true });
  };
  if (!projectId) return <BlankFrame title={tg('blank.newRisk')}>{t('noProject')}</BlankFrame>;
  return (
    <BlankFrame title={tg('blank.newRisk')}>
      <Form form={form} layout="vertical" initialValues={{ probability: 3, impact: 3 }} style={{ maxWidth: 640 }}>
        <Form.Item name="name" label={t('risk')} rules={[{ required: true, message: t('required', { f: t('risk') }) }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="probability" label={t('probability')}>
          <InputNumber min={1} max={5} precision={0} />
        </Form.Item>
        <Form.Item name="impact" label={t('impact')}>
          <InputNumber min={1} max={5} precision={0} />
        </Form.Item>
        <Form.Item name="ownerId" label={t('owner')}>
          <Select allowClear showSearch optionFilterProp="label" options={users} />
        </Form.Item>
        <Form.Item name="warnDate" label={t('warnDate')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Button type="primary" onClick={() => void save()}>
          {t('save')}
        </Button>
      </Form>
    </BlankFrame>
  );
}
