import { Button, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CONDITION_OPS, type Assignee, type Condition, type FactFields, type FlowNode } from '@erp/entities';
import { useQuery } from '@tanstack/react-query';
import { workflowApi } from '../workflow-api.ts';
import type { DesignEdge, DesignNode, EdgeData } from './graph.ts';
import { useDesignerT } from './designer-i18n.ts';

type Option = { value: number; label: string };
export type Selected = { kind: 'node'; node: FlowNode } | { kind: 'edge'; id: string; data: EdgeData; fromCondition: boolean };

/** The selected node or edge, with whether an edge leaves a condition branch (only those carry conditions). */
export function selectedOf(nodes: DesignNode[], edges: DesignEdge[], id: string | undefined): Selected | undefined {
  const n = nodes.find((x) => x.id === id);
  if (n) return { kind: 'node', node: n.data.node };
  const e = edges.find((x) => x.id === id);
  if (!e) return undefined;
  return { kind: 'edge', id: e.id, data: e.data ?? {}, fromCondition: nodes.find((x) => x.id === e.source)?.type === 'condition' };
}

/** The company's users and roles for the assignee pickers (empty where the caller may not list them). */
export function usePeople(): { users: Option[]; roles: Option[] } {
  const users = useQuery({ queryKey: ['wf-users'], queryFn: workflowApi.users, staleTime: 60_000, retry: false });
  const roles = useQuery({ queryKey: ['wf-roles'], queryFn: workflowApi.roles, staleTime: 60_000, retry: false });
  return { users: (users.data ?? []).map((u) => ({ value: u.id, label: u.username })), roles: (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })) };
}

interface Props {
  selected: Selected | undefined;
  fields: FactFields;
  users: Option[];
  roles: Option[];
  onNode: (n: FlowNode) => void;
  onEdge: (id: string, d: EdgeData) => void;
  onDelete: () => void;
}

const OPS_BY_TYPE: Record<string, readonly Condition['op'][]> = {
  decimal: ['gt', 'gte', 'lt', 'lte', 'eq', 'ne'],
  id: ['eq', 'ne', 'in', 'notIn'],
  ids: ['eq', 'ne', 'in', 'notIn'],
};
const OP_TEXT: Record<Condition['op'], string> = { gt: '>', gte: '>=', lt: '<', lte: '<=', eq: '=', ne: '!=', in: 'in', notIn: 'not in' };

function AssigneeFields({ a, users, roles, onChange }: { a: Assignee; users: Option[]; roles: Option[]; onChange: (a: Assignee) => void }) {
  const { t } = useDesignerT();
  const switchKind = (kind: Assignee['kind']) =>
    onChange(
      kind === 'users'
        ? { kind, userIds: [] }
        : kind === 'role'
          ? { kind, roleId: roles[0]?.value ?? 1 }
          : kind === 'managerChain'
            ? { kind, levels: 2 }
            : { kind: 'deptHead' },
    );
  return (
    <>
      <Form.Item label={t('assignee')}>
        <Select
          data-testid="wf-prop-assignee"
          value={a.kind}
          onChange={switchKind}
          options={(['users', 'role', 'deptHead', 'managerChain'] as const).map((k) => ({ value: k, label: t(`whoKind.${k}`) }))}
        />
      </Form.Item>
      {a.kind === 'users' && (
        <Form.Item label={t('users')}>
          <Select
            data-testid="wf-prop-users"
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            value={a.userIds}
            onChange={(userIds: number[]) => onChange({ kind: 'users', userIds })}
            options={users}
          />
        </Form.Item>
      )}
      {a.kind === 'role' && (
        <Form.Item label={t('role')}>
          <Select value={a.roleId} onChange={(roleId: number) => onChange({ kind: 'role', roleId })} options={roles} />
        </Form.Item>
      )}
      {a.kind === 'managerChain' && (
        <Form.Item label={t('levels')}>
          <InputNumber min={1} max={10} value={a.levels} onChange={(v) => onChange({ kind: 'managerChain', levels: v ?? 1 })} />
        </Form.Item>
      )}
    </>
  );
}

function Conditions({ list, fields, onChange }: { list: Condition[]; fields: FactFields; onChange: (c: Condition[]) => void }) {
  const { t } = useDesignerT();
  const names = Object.keys(fields);
  const set = (i: number, c: Partial<Condition>) => onChange(list.map((x, j) => (j === i ? { ...x, ...c } : x)));
  return (
    <Form.Item label={t('conditions')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {list.map((c, i) => (
          <Space.Compact key={i} style={{ width: '100%' }}>
            <Select
              style={{ width: '40%' }}
              value={c.field}
              onChange={(field: string) => set(i, { field, op: OPS_BY_TYPE[fields[field].type][0] })}
              options={names.map((f) => ({ value: f, label: fields[f].label }))}
            />
            <Select
              style={{ width: '25%' }}
              value={c.op}
              onChange={(op: Condition['op']) => set(i, { op })}
              options={(OPS_BY_TYPE[fields[c.field]?.type] ?? CONDITION_OPS).map((o) => ({ value: o, label: OP_TEXT[o] }))}
            />
            <Input style={{ width: '25%' }} data-testid="wf-cond-value" value={c.value} onChange={(e) => set(i, { value: e.target.value })} />
            <Button icon={<DeleteOutlined />} onClick={() => onChange(list.filter((_, j) => j !== i))} aria-label={t('remove')} />
          </Space.Compact>
        ))}
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={!names.length}
          onClick={() => onChange([...list, { field: names[0], op: OPS_BY_TYPE[fields[names[0]].type][0], value: '' }])}
        >
          {t('addCondition')}
        </Button>
      </Space>
    </Form.Item>
  );
}

/** The properties of the selected node or edge. */
export function Properties({ selected, fields, users, roles, onNode, onEdge, onDelete }: Props) {
  const { t } = useDesignerT();
  if (!selected) return <Typography.Paragraph type="secondary">{t('pickSomething')}</Typography.Paragraph>;
  if (selected.kind === 'edge') {
    const d = selected.data;
    return (
      <Form layout="vertical" size="small" data-testid="wf-edge-props">
        <Form.Item label={t('name')}>
          <Input value={d.name ?? ''} onChange={(e) => onEdge(selected.id, { ...d, name: e.target.value || undefined })} />
        </Form.Item>
        {selected.fromCondition && (
          <>
            <Checkbox
              checked={!!d.isDefault}
              onChange={(e) => onEdge(selected.id, { ...d, isDefault: e.target.checked, conditions: e.target.checked ? undefined : d.conditions })}
            >
              {t('isDefault')}
            </Checkbox>
            {!d.isDefault && <Conditions list={d.conditions ?? []} fields={fields} onChange={(conditions) => onEdge(selected.id, { ...d, conditions })} />}
          </>
        )}
        <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
          {t('remove')}
        </Button>
      </Form>
    );
  }
  const n = selected.node;
  return (
    <Form layout="vertical" size="small" data-testid="wf-node-props">
      <Form.Item label={`${t(`kind.${n.type}`)} · ${t('nodeId')} ${n.id}`}>
        <Input data-testid="wf-prop-name" value={n.name} onChange={(e) => onNode({ ...n, name: e.target.value })} />
      </Form.Item>
      {(n.type === 'approver' || n.type === 'cc') && (
        <AssigneeFields a={n.assignee} users={users} roles={roles} onChange={(assignee) => onNode({ ...n, assignee })} />
      )}
      {n.type === 'approver' && (
        <Form.Item label={t('modeLabel')}>
          <Radio.Group value={n.mode} onChange={(e) => onNode({ ...n, mode: e.target.value })}>
            <Radio value="any">{t('modeAny')}</Radio>
            <Radio value="all">{t('modeAll')}</Radio>
          </Radio.Group>
        </Form.Item>
      )}
      {n.type !== 'start' && (
        <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
          {t('remove')}
        </Button>
      )}
    </Form>
  );
}
