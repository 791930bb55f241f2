import { lazy, Suspense, useState } from 'react';
import { App, Button, Card, Drawer, Popconfirm, Select, Space, Switch, Tag, Upload } from 'antd';
import { ApartmentOutlined, ApiOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import type { Paging } from '../../platform/crud/paging.ts';
import { PagedTable } from '../../platform/crud/paged-table.tsx';
import { pagePermissions } from '../../platform/crud/permissions.ts';
import { workflowApi, type Flow } from './workflow-api.ts';
import { useWorkflowT } from './workflow-i18n.ts';
import { useDesignerT } from './designer/designer-i18n.ts';

const WebhookDialog = lazy(() => import('./webhook-dialog.tsx').then((m) => ({ default: m.WebhookDialog })));
const FlowDesigner = lazy(() => import('./designer/designer.tsx').then((m) => ({ default: m.FlowDesigner })));

/** Saves text as a file through a temporary link. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/xml' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  URL.revokeObjectURL(url);
}

/** 流程模板: the company's flows with their latest deployment (processId, version, deployId); deploy, enable, BPMN out and in. */
export function TemplatePage({ path }: ScreenProps) {
  const { t } = useWorkflowT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = pagePermissions(path).edit;
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 10 });
  const [importType, setImportType] = useState<string>();
  const { t: td } = useDesignerT();
  // the flow open in the designer: its id, 0 for a new one
  const [designing, setDesigning] = useState<number>();
  const [hooking, setHooking] = useState<number>();
  const list = useQuery({ queryKey: ['wf-flows', page], queryFn: () => workflowApi.flows(page) });
  const types = useQuery({ queryKey: ['wf-types'], queryFn: workflowApi.types, staleTime: Infinity });
  const label = (docType: string) => types.data?.find((x) => x.docType === docType)?.label ?? docType;
  const run = async (call: Promise<{ message: string }>) => {
    try {
      message.success((await call).message);
      void queryClient.invalidateQueries({ queryKey: ['wf-flows'] });
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };
  const exportXml = async (r: Flow) => {
    try {
      download(`${r.modelKey}.bpmn`, (await workflowApi.exportBpmn(r.id)).xml);
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };
  const columns = [
    { title: t('processName'), dataIndex: 'processName', width: 180 },
    { title: t('modelKey'), dataIndex: 'modelKey', width: 150 },
    { title: t('processType'), dataIndex: 'processType', width: 110, render: label },
    { title: t('version'), dataIndex: 'version', width: 70, render: (v: number | null) => v ?? <Tag>{t('notDeployed')}</Tag> },
    { title: 'processId', dataIndex: 'processId', width: 200 },
    { title: t('deployId'), dataIndex: 'deployId', width: 90 },
    { title: t('deployTime'), dataIndex: 'deployTime', width: 165 },
    {
      title: t('enabled'),
      dataIndex: 'enabled',
      width: 70,
      render: (v: boolean, r: Flow) => <Switch size="small" checked={v} disabled={!canEdit} onChange={(on) => void run(workflowApi.enable(r.id, on))} />,
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 300,
      render: (_: unknown, r: Flow) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<ApartmentOutlined />} onClick={() => setDesigning(r.id)} data-testid="wf-design">
            {td('design')}
          </Button>
          <Button type="link" size="small" icon={<ApiOutlined />} onClick={() => setHooking(r.id)} data-testid="wf-webhook-open">
            {t('webhookShort')}
          </Button>
          {canEdit && (
            <Button type="link" size="small" onClick={() => void run(workflowApi.deploy(r.id))} data-testid="wf-deploy">
              {t('deploy')}
            </Button>
          )}
          <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void exportXml(r)}>
            {t('exportBpmn')}
          </Button>
          {canEdit && (
            <Popconfirm title={t('deleteConfirm')} onConfirm={() => run(workflowApi.remove(r.id))}>
              <Button type="link" size="small" danger>
                {t('delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card size="small" data-testid="wf-template-page">
      {canEdit && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDesigning(0)} data-testid="wf-new-flow">
            {td('newFlow')}
          </Button>
          <Select
            style={{ width: 200 }}
            placeholder={t('importType')}
            value={importType}
            onChange={setImportType}
            options={(types.data ?? []).map((x) => ({ value: x.docType, label: x.label }))}
          />
          <Upload
            accept=".bpmn,.xml"
            showUploadList={false}
            disabled={!importType}
            beforeUpload={async (file) => {
              await run(workflowApi.importBpmn(await file.text(), importType!));
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={!importType}>
              {t('importBpmn')}
            </Button>
          </Upload>
        </Space>
      )}
      <PagedTable<Flow> list={list} page={page} setPage={setPage} columns={columns} data-testid="wf-flow-table" />
      {hooking !== undefined && (
        <Suspense>
          <WebhookDialog flowId={hooking} canEdit={canEdit} onClose={() => setHooking(undefined)} />
        </Suspense>
      )}
      <Drawer open={designing !== undefined} onClose={() => setDesigning(undefined)} width="100%" title={td('title')} destroyOnHidden>
        <Suspense>
          {designing !== undefined && (
            <FlowDesigner
              flowId={designing || undefined}
              canEdit={canEdit}
              download={download}
              onChanged={() => void queryClient.invalidateQueries({ queryKey: ['wf-flows'] })}
            />
          )}
        </Suspense>
      </Drawer>
    </Card>
  );
}
