import type { Edge, Node } from '@xyflow/react';
import type { Condition, FactFields, FlowEdge, FlowGraph, FlowNode } from '@erp/entities';

/**
 * The designer's canvas (xyflow nodes and edges) and the flow graph the server validates and deploys
 * (packages/entities/src/workflow/flow.ts), each from the other. A canvas node carries its flow node as
 * data; a canvas edge carries the edge's name, conditions and whether it is a branch's default.
 */
export type NodeKind = FlowNode['type'];
export type DesignNode = Node<{ node: FlowNode }, NodeKind>;
export type EdgeData = { name?: string; conditions?: Condition[]; isDefault?: boolean };
export type DesignEdge = Edge<EdgeData>;

const OPS: Record<Condition['op'], string> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=', ne: '≠', in: '∈', notIn: '∉' };

/** What an edge shows on the canvas: its name, else its conditions by the fields' labels, else "default". */
export function edgeLabel(d: EdgeData | undefined, defaultLabel: string, fields: FactFields): string | undefined {
  if (!d) return undefined;
  if (d.name) return d.name;
  if (d.isDefault) return defaultLabel;
  if (d.conditions?.length) return d.conditions.map((c) => `${fields[c.field]?.label ?? c.field} ${OPS[c.op]} ${c.value}`).join(' & ');
  return undefined;
}

export function toCanvas(g: FlowGraph): { nodes: DesignNode[]; edges: DesignEdge[] } {
  const nodes = g.nodes.map((n, i) => ({
    id: n.id,
    type: n.type,
    position: n.position ?? { x: 40 + i * 200, y: 120 },
    data: { node: n },
    deletable: n.type !== 'start',
  }));
  const edges = g.edges.map((e) => {
    const data: EdgeData = { name: e.name, conditions: e.conditions, isDefault: e.isDefault };
    return { id: e.id, source: e.source, target: e.target, data };
  });
  return { nodes, edges };
}

export function fromCanvas(nodes: DesignNode[], edges: DesignEdge[]): FlowGraph {
  return {
    nodes: nodes.map((n) => ({ ...n.data.node, id: n.id, position: { x: Math.round(n.position.x), y: Math.round(n.position.y) } })),
    edges: edges.map((e) => {
      const out: FlowEdge = { id: e.id, source: e.source, target: e.target };
      if (e.data?.name) out.name = e.data.name;
      if (e.data?.conditions?.length) out.conditions = e.data.conditions;
      if (e.data?.isDefault) out.isDefault = true;
      return out;
    }),
  };
}

/** The first free id `prefix`, `prefix2`, … among the nodes and edges. */
export function freeId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  for (let i = 1; ; i++) {
    const id = i === 1 ? prefix : `${prefix}${i}`;
    if (!used.has(id)) return id;
  }
}

/** A new node of a kind, named by the caller, with the defaults the server accepts once an assignee is chosen. */
export function newFlowNode(kind: NodeKind, id: string, name: string): FlowNode {
  switch (kind) {
    case 'approver':
      return { id, type: 'approver', name, mode: 'any', assignee: { kind: 'deptHead' } };
    case 'cc':
      return { id, type: 'cc', name, assignee: { kind: 'deptHead' } };
    default:
      return { id, type: kind, name };
  }
}

/** A starting point for a new flow: start → approver (the initiator's department head) → end. */
export function starterGraph(names: { start: string; approver: string; end: string }): FlowGraph {
  return {
    nodes: [
      { ...newFlowNode('start', 'start', names.start), position: { x: 40, y: 140 } },
      { ...newFlowNode('approver', 'approver', names.approver), position: { x: 280, y: 140 } },
      { ...newFlowNode('end', 'end', names.end), position: { x: 520, y: 140 } },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'approver' },
      { id: 'e2', source: 'approver', target: 'end' },
    ],
  };
}
