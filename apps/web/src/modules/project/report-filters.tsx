import { useState } from 'react';
import { Button, Checkbox, DatePicker, Input, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { http } from '../../platform/http.ts';
import { saveFile } from '../../platform/crud/file-transfer.ts';
import { pageButtons } from '../../platform/crud/permissions.ts';
import { ProjectSelect } from './project-select.tsx';
import { useProgressT } from './progress-i18n.ts';

export interface ReportSearch {
  asOf: string;
  projectId?: number;
  keyword?: string;
  lateOnly?: 'true';
}

/** Params without the empty ones (the server's schema is strict). */
export const params = (s: ReportSearch) =>
  Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

/** The search bar of the progress reports: as-of day, project, keyword, late only; export when button 3 is granted. */
export function ReportFilters({ path, url, title, onSearch }: { path: string; url: string; title: string; onSearch: (s: ReportSearch) => void }) {
  const { t } = useProgressT();
  const [asOf, setAsOf] = useState<Dayjs>(dayjs());
  const [projectId, setProjectId] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const [lateOnly, setLateOnly] = useState(false);
  const [exporting, setExporting] = useState(false);
  const current = (): ReportSearch => ({
    asOf: asOf.format('YYYY-MM-DD'),
    projectId,
    keyword: keyword.trim() || undefined,
    lateOnly: lateOnly ? 'true' : undefined,
  });
  const exportXls = async () => {
    setExporting(true);
    try {
      saveFile({ blob: await http.blob(`${url}/exportExcel`, params(current())), fileName: `${title}.xls` });
    } catch {
      // the HTTP client has shown why
    } finally {
      setExporting(false);
    }
  };
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <DatePicker value={asOf} onChange={(d) => setAsOf(d ?? dayjs())} allowClear={false} aria-label={t('asOf')} />
      <ProjectSelect value={projectId} onChange={setProjectId} placeholder={t('project')} style={{ width: 200 }} data-testid="progress-project" />
      <Input value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t('keyword')} maxLength={100} style={{ width: 160 }} allowClear />
      <Checkbox checked={lateOnly} onChange={(e) => setLateOnly(e.target.checked)}>
        {t('lateOnly')}
      </Checkbox>
      <Button type="primary" onClick={() => onSearch(current())} data-testid="progress-search">
        {t('search')}
      </Button>
      {pageButtons(path).has('3') && (
        <Button loading={exporting} onClick={() => void exportXls()} data-testid="progress-export">
          {t('export')}
        </Button>
      )}
    </Space>
  );
}
