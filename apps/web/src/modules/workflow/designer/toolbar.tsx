import { Button, Input, Select, Space, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { NodeKind } from './graph.ts';
import { KIND_COLOUR } from './nodes.tsx';
import { useDesignerT } from './designer-i18n.ts';

export type Head = { processName: string; modelKey: string; processType: string };
const KINDS: NodeKind[] = ['approver', 'cc', 'condition', 'end'];

interface Props {
  head: Head;
  setHead: (h: Head) => void;
  /** the flow exists on the server (its key and type are fixed; it can be exported) */
  saved: boolean;
  canEdit: boolean;
  types: Array<{ docType: string; label: string }>;
  onAdd: (k: NodeKind) => void;
  onValidate: () => void;
  onSave: () => void;
  onDeploy: () => void;
  onExport: () => void;
  onImport: (xml: string) => Promise<void>;
}

/** The designer's header (name, key, business type) and its buttons: add a node, validate, save, deploy, BPMN out and in. */
export function Toolbar({ head, setHead, saved, canEdit, types, onAdd, onValidate, onSave, onDeploy, onExport, onImport }: Props) {
  const { t } = useDesignerT();
  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        <Input
          data-testid="wf-d-name"
          style={{ width: 220 }}
          placeholder={t('name')}
          value={head.processName}
          onChange={(e) => setHead({ ...head, processName: e.target.value })}
        />
        <Input
          data-testid="wf-d-key"
          style={{ width: 180 }}
          placeholder="modelKey"
          disabled={saved}
          value={head.modelKey}
          onChange={(e) => setHead({ ...head, modelKey: e.target.value })}
        />
        <Select
          data-testid="wf-d-type"
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 160 }}
          disabled={saved}
          value={head.processType || undefined}
          onChange={(processType: string) => setHead({ ...head, processType })}
          options={types.map((x) => ({ value: x.docType, label: x.label }))}
        />
      </Space>
      <Space wrap style={{ marginBottom: 8 }}>
        {KINDS.map((k) => (
          <Button key={k} size="small" style={{ borderColor: KIND_COLOUR[k], color: KIND_COLOUR[k] }} onClick={() => onAdd(k)} data-testid={`wf-add-${k}`}>
            + {t(`kind.${k}`)}
          </Button>
        ))}
        <Button size="small" onClick={onValidate} data-testid="wf-validate">
          {t('validate')}
        </Button>
        {canEdit && (
          <Button size="small" onClick={onSave} data-testid="wf-save">
            {t('save')}
          </Button>
        )}
        {canEdit && (
          <Button size="small" type="primary" onClick={onDeploy} data-testid="wf-d-deploy">
            {t('deploy')}
          </Button>
        )}
        <Button size="small" icon={<DownloadOutlined />} disabled={!saved} onClick={onExport}>
          {t('exportBpmn')}
        </Button>
        {canEdit && (
          <Upload
            accept=".bpmn,.xml"
            showUploadList={false}
            disabled={!head.processType}
            beforeUpload={async (file) => (await onImport(await file.text()), false)}
          >
            <Button size="small" icon={<UploadOutlined />} disabled={!head.processType}>
              {t('importBpmn')}
            </Button>
          </Upload>
        )}
      </Space>
    </>
  );
}
