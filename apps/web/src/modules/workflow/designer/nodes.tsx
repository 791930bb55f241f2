import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react';
import type { Assignee } from '@erp/entities';
import type { DesignNode, NodeKind } from './graph.ts';
import { useDesignerT } from './designer-i18n.ts';

/** Colours per kind, on the canvas and in the palette. */
export const KIND_COLOUR: Record<NodeKind, string> = {
  start: '#52c41a',
  approver: '#1677ff',
  cc: '#13c2c2',
  condition: '#fa8c16',
  end: '#8c8c8c',
};

function assigneeText(a: Assignee, t: ReturnType<typeof useDesignerT>['t']): string {
  switch (a.kind) {
    case 'users':
      return t('who.users', { n: a.userIds.length });
    case 'role':
      return t('who.role');
    case 'deptHead':
      return t('who.deptHead');
    case 'managerChain':
      return t('who.managerChain', { n: a.levels });
  }
}

/** One box on the canvas: the kind, the name and, for approvers and copy-to, who. */
function FlowBox({ data, selected, type }: NodeProps<DesignNode>) {
  const { t } = useDesignerT();
  const n = data.node;
  const colour = KIND_COLOUR[type as NodeKind];
  const round = type === 'start' || type === 'end';
  const diamond = type === 'condition';
  return (
    <div
      data-testid={`wf-node-${n.id}`}
      style={{
        minWidth: round ? 90 : 150,
        padding: '6px 10px',
        borderRadius: round ? 20 : diamond ? 2 : 6,
        border: `2px ${diamond ? 'dashed' : 'solid'} ${colour}`,
        boxShadow: selected ? `0 0 0 3px ${colour}55` : undefined,
        background: '#fff',
        fontSize: 12,
        textAlign: 'center',
      }}
    >
      {type !== 'start' && <Handle type="target" position={Position.Left} />}
      <div style={{ color: colour, fontSize: 11 }}>{t(`kind.${type}`)}</div>
      <div style={{ fontWeight: 600 }}>{n.name}</div>
      {(n.type === 'approver' || n.type === 'cc') && (
        <div style={{ color: '#666' }}>
          {assigneeText(n.assignee, t)}
          {n.type === 'approver' && ` · ${t(`mode.${n.mode}`)}`}
        </div>
      )}
      {type !== 'end' && <Handle type="source" position={Position.Right} />}
    </div>
  );
}

export const NODE_TYPES: NodeTypes = { start: FlowBox, approver: FlowBox, cc: FlowBox, condition: FlowBox, end: FlowBox };
