import type { ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Space, Spin, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { groupedMoney } from '../../platform/format.ts';
import { useMobile } from '../../platform/crud/use-mobile.ts';
import { FileLinks } from './file-links.tsx';
import { StatusTag } from './status-tag.tsx';
import type { ProjectStatus } from './project-api.ts';
import { useArchiveT } from './archive-i18n.ts';
import { archiveDetail, downloadDossier, downloadFiles, type ArchiveDetail, type ArchiveKind, type Row } from './archive-api.ts';

/** A column of a dossier table: `m` money (grouped), `f` files, else the value as it is. */
type Col = [key: string, label: string, as?: 'm' | 'f'];

function Section({ title, cols, rows, testId }: { title: string; cols: Col[]; rows: Row[] | undefined; testId: string }) {
  const { i18n } = useTranslation();
  return (
    <div style={{ marginTop: 16 }} data-testid={`dossier-${testId}`}>
      <Typography.Title level={5}>
        {title} ({rows?.length ?? 0})
      </Typography.Title>
      <Table<Row>
        rowKey={(_, i) => String(i)}
        size="small"
        bordered
        pagination={false}
        scroll={{ x: cols.length * 120 }}
        dataSource={rows ?? []}
        columns={cols.map(([key, label, as]) => ({
          key,
          dataIndex: key,
          title: label,
          align: as === 'm' ? ('right' as const) : undefined,
          render: (v: unknown) => (as === 'm' ? groupedMoney(v, i18n.language) : as === 'f' ? <FileLinks value={v} /> : (v as ReactNode)),
        }))}
      />
    </div>
  );
}

/** Figures as label/value pairs; money grouped by thousands. */
function Figures({ items, money, testId }: { items: Array<[string, unknown]>; money?: boolean; testId: string }) {
  const { i18n } = useTranslation();
  const mobile = useMobile();
  return (
    <Descriptions size="small" bordered column={mobile ? 1 : 3} data-testid={`dossier-${testId}`}>
      {items.map(([label, v]) => (
        <Descriptions.Item key={label} label={label}>
          {money ? groupedMoney(v, i18n.language) : (v as ReactNode)}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

function ProjectDossier({ d }: { d: Row }) {
  const { t } = useArchiveT();
  const h = d.header as Row;
  const m = d.money as Row & { pnl: Row };
  const time = d.time as Row & { byPerson: Row[] };
  const tasks = d.tasks as { done: number; total: number };
  const versions = (d.deliverables as Array<Row & { versions: Row[] }>).flatMap((x) => x.versions.map((v) => ({ name: x.name, ...v })));
  const money = (k: string): Col => [k, t(`f.${k === 'amount' ? 'amount' : k}`), 'm'];
  const f = (k: string): Col => [k, t(`f.${k}`)];
  return (
    <>
      <Figures
        testId="overview"
        items={[
          [t('f.number'), h.number],
          [t('f.name'), h.name],
          [t('f.status'), <StatusTag key="s" status={h.status as ProjectStatus} />],
          [t('f.category'), h.categoryName],
          [t('f.manager'), h.managerName],
          [t('f.partner'), h.partnerName],
          [t('f.start'), h.startDate],
          [t('f.end'), h.endDate],
          [t('f.tasks'), `${tasks.done}/${tasks.total}`],
          [t('f.approvedHours'), time.approvedHours],
          [t('f.pendingHours'), time.pendingHours],
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('sec.money')}
      </Typography.Title>
      <Figures
        testId="money"
        money
        items={[
          [t('f.budget'), h.budget],
          [t('f.contractValue'), m.contractValue],
          [t('f.planned'), m.planned],
          [t('f.received'), m.received],
          [t('f.paid'), m.paid],
          [t('f.expenses'), m.expenses],
          [t('f.income'), m.pnl.income],
          [t('f.cost'), m.pnl.cost],
          [t('f.expense'), m.pnl.expense],
          [t('f.profit'), m.pnl.profit],
          [t('f.labour'), m.pnl.labour],
          [t('f.net'), m.pnl.net],
        ]}
      />
      <Section testId="milestones" title={t('sec.milestones')} cols={[f('name'), f('date')]} rows={d.milestones as Row[]} />
      <Section
        testId="online"
        title={t('sec.online')}
        cols={[
          ['onlineDate', t('f.date')],
          ['scope', t('f.content')],
          ['signer', t('creator')],
        ]}
        rows={d.online as Row[]}
      />
      <Section
        testId="acceptance"
        title={t('sec.acceptance')}
        cols={[
          ['title', t('f.name')],
          ['result', t('f.result')],
          ['signer', t('creator')],
          ['signDate', t('f.signDate')],
          ['fileName', t('f.file'), 'f'],
        ]}
        rows={d.acceptance as Row[]}
      />
      <Section
        testId="deliverables"
        title={t('sec.deliverables')}
        cols={[f('name'), f('version'), ['fileName', t('f.file'), 'f'], ['createTime', t('f.date')]]}
        rows={versions}
      />
      <Section
        testId="contracts"
        title={t('sec.contracts')}
        cols={[f('number'), f('name'), ['partnerName', t('f.partner')], money('amount'), f('signDate')]}
        rows={d.contracts as Row[]}
      />
      {(['collections', 'payments', 'expenses'] as const).map((k) => (
        <Section
          key={k}
          testId={k}
          title={t(`sec.${k}`)}
          cols={[f('number'), ['billDate', t('f.date')], money('amount'), ['remark', t('f.remark')]]}
          rows={d[k] as Row[]}
        />
      ))}
      <Section
        testId="time"
        title={t('sec.time')}
        cols={[['username', t('f.person')], f('approvedHours'), f('pendingHours'), money('labour')]}
        rows={time.byPerson}
      />
      <Section
        testId="risks"
        title={t('sec.risks')}
        cols={[f('name'), ['score', t('f.severity')], ['status', t('f.status')], ['warnDate', t('f.date')]]}
        rows={d.risks as Row[]}
      />
      <Section
        testId="problems"
        title={t('sec.problems')}
        cols={[['title', t('f.name')], f('severity'), ['status', t('f.status')], ['reportDate', t('f.date')]]}
        rows={d.problems as Row[]}
      />
      <Section
        testId="summaries"
        title={t('sec.summaries')}
        cols={[
          ['title', t('f.name')],
          ['summaryDate', t('f.date')],
          ['content', t('f.content')],
        ]}
        rows={d.summaries as Row[]}
      />
    </>
  );
}

function ContractDossier({ d }: { d: Row }) {
  const { t } = useArchiveT();
  const h = d.header as Row;
  const m = d.money as Row;
  return (
    <>
      <Figures
        testId="overview"
        items={[
          [t('f.number'), h.number],
          [t('f.name'), h.name],
          [t('f.partner'), h.partnerName],
          [t('f.signDate'), h.signDate],
          [t('project'), `${String(h.projectNumber)} ${String(h.projectName)}`],
          [t('f.remark'), h.remark],
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('sec.money')}
      </Typography.Title>
      <Figures
        testId="money"
        money
        items={(['contractValue', 'planned', 'received', 'outstanding'] as const).map((k) => [t(`f.${k}`), m[k]] as [string, unknown])}
      />
      <Section
        testId="plan"
        title={t('sec.plan')}
        cols={[
          ['name', t('f.name')],
          ['dueDate', t('f.dueDate')],
          ['amount', t('f.amount'), 'm'],
          ['collected', t('f.collected'), 'm'],
        ]}
        rows={d.milestones as Row[]}
      />
      <Section
        testId="receipts"
        title={t('sec.receipts')}
        cols={[
          ['number', t('f.number')],
          ['billDate', t('f.date')],
          ['amount', t('f.amount'), 'm'],
          ['milestoneName', t('sec.plan')],
        ]}
        rows={d.receipts as Row[]}
      />
    </>
  );
}

/**
 * An archive's frozen dossier, read-only, with its export and zip: the list screen's view of `?id=` (项目档案 and
 * 合同档案 keep SPEC's 19 /blank pages as they are: the dossier opens inside the menu's own page).
 */
export function ArchiveDossier({ kind, id, onBack }: { kind: ArchiveKind; id: number; onBack: () => void }) {
  const { t } = useArchiveT();
  const mobile = useMobile();
  const q = useQuery({ queryKey: ['project', 'archive', kind, id], queryFn: () => archiveDetail(kind, id) });
  const a: ArchiveDetail | undefined = q.data;
  const buttons = (
    <Space wrap>
      {a && (
        <>
          <Button onClick={() => void downloadDossier(kind, a)} data-testid="dossier-export">
            {t('export')}
          </Button>
          <Button disabled={!a.fileNames.length} onClick={() => void downloadFiles(kind, a)} data-testid="dossier-zip">
            {t('zip')}
          </Button>
        </>
      )}
      <Button onClick={onBack} data-testid="dossier-back">
        {t('back')}
      </Button>
    </Space>
  );
  return (
    <Card size="small" title={a ? `${t(`title.${kind}`)} · ${a.number}` : t(`title.${kind}`)} extra={mobile ? undefined : buttons}>
      {mobile && <div style={{ marginBottom: 12 }}>{buttons}</div>}
      {q.isError ? (
        <Empty />
      ) : !a ? (
        <Spin />
      ) : (
        <div data-testid="archive-dossier">
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={`${a.title} · ${t(`reasons.${a.reason}`)} · ${a.createTime} · ${a.creatorName ?? ''}`}
            description={t('frozen')}
          />
          {kind === 'project' ? <ProjectDossier d={a.snapshot} /> : <ContractDossier d={a.snapshot} />}
        </div>
      )}
    </Card>
  );
}
