import { BpmnModdle } from 'bpmn-moddle';
import { CONDITION_OPS, flowGraphSchema, type Assignee, type Condition, type FlowEdge, type FlowGraph, type FlowNode } from '@erp/entities';
import { BusinessError } from '../../platform/errors.ts';

/**
 * Flows as BPMN 2.0 XML (bpmn-moddle), in standard elements only, so a flow opens in any BPMN modeler and back:
 * start/end events, a userTask per approver node (who approves: a potentialOwner formal expression such as
 * `users(3,4)`, `role(2)`, `deptHead()`, `managerChain(2)`; all-must-approve or any-may-approve: a parallel
 * multi-instance, any with the completion condition `nrOfCompletedInstances >= 1`), a sendTask per copy-to
 * node, an exclusiveGateway per condition branch (its default flow), conditions as expressions on the sequence
 * flows (`totalPrice > 50000 and partnerId in (7,8)`), and the positions as BPMN DI shapes.
 */

const SIZE: Record<FlowNode['type'], { w: number; h: number }> = {
  start: { w: 36, h: 36 },
  end: { w: 36, h: 36 },
  condition: { w: 50, h: 50 },
  approver: { w: 100, h: 80 },
  cc: { w: 100, h: 80 },
};
const TAG: Record<FlowNode['type'], string> = {
  start: 'bpmn:StartEvent',
  end: 'bpmn:EndEvent',
  condition: 'bpmn:ExclusiveGateway',
  approver: 'bpmn:UserTask',
  cc: 'bpmn:SendTask',
};
const ANY = '${nrOfCompletedInstances >= 1}';
const SYMBOL: Record<Condition['op'], string> = { gt: '>', gte: '>=', lt: '<', lte: '<=', eq: '==', ne: '!=', in: 'in', notIn: 'not in' };

const assigneeText = (a: Assignee) =>
  a.kind === 'users'
    ? `users(${a.userIds.join(',')})`
    : a.kind === 'role'
      ? `role(${a.roleId})`
      : a.kind === 'deptHead'
        ? 'deptHead()'
        : `managerChain(${a.levels})`;

function parseAssignee(text: string | undefined, where: string): Assignee {
  const m = /^\s*(users|role|deptHead|managerChain)\(([\d,\s]*)\)\s*$/.exec(text ?? '');
  if (!m) throw new BusinessError(`BPMN 节点 ${where} 的审批人表达式无效: ${text ?? '(空)'}，应为 users(1,2)、role(1)、deptHead() 或 managerChain(2)`);
  const nums = m[2]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  if (m[1] === 'users') return { kind: 'users', userIds: nums };
  if (m[1] === 'role') return { kind: 'role', roleId: nums[0] };
  if (m[1] === 'managerChain') return { kind: 'managerChain', levels: nums[0] };
  return { kind: 'deptHead' };
}

const conditionText = (cs: Condition[]) =>
  cs.map((c) => `${c.field} ${SYMBOL[c.op]} ${c.op === 'in' || c.op === 'notIn' ? `(${c.value})` : c.value}`).join(' and ');

function parseConditions(text: string, where: string): Condition[] {
  const body = text.trim().replace(/^\$\{([\s\S]*)\}$/, '$1');
  return body.split(/\s+(?:and|&&)\s+/i).map((part) => {
    const m = /^\s*([A-Za-z][A-Za-z0-9]*)\s*(>=|<=|==|!=|>|<|not in|in)\s*(.+?)\s*$/.exec(part);
    if (!m) throw new BusinessError(`BPMN 连线 ${where} 的条件无法识别: ${part}`);
    const op = CONDITION_OPS.find((o) => SYMBOL[o] === m[2])!;
    return { field: m[1], op, value: m[3].replace(/^\((.*)\)$/, '$1').replace(/\s+/g, '') };
  });
}

const position = (n: FlowNode, i: number) => n.position ?? { x: 150 + i * 170, y: 120 };

/** The flow as BPMN 2.0 XML; the same flow always gives the same text. */
export async function toBpmn(modelKey: string, processName: string, g: FlowGraph): Promise<string> {
  const m = new BpmnModdle();
  const els = new Map<string, any>();
  const flowElements: any[] = [];
  for (const n of g.nodes) {
    const el = m.create(TAG[n.type], { id: n.id, name: n.name });
    if (n.type === 'approver' || n.type === 'cc') {
      const expr = m.create('bpmn:FormalExpression', { body: assigneeText(n.assignee) });
      el.resources = [m.create('bpmn:PotentialOwner', { resourceAssignmentExpression: m.create('bpmn:ResourceAssignmentExpression', { expression: expr }) })];
    }
    if (n.type === 'approver') {
      const loop = m.create('bpmn:MultiInstanceLoopCharacteristics', { isSequential: false });
      if (n.mode === 'any') loop.completionCondition = m.create('bpmn:FormalExpression', { body: ANY });
      el.loopCharacteristics = loop;
    }
    el.incoming = [];
    el.outgoing = [];
    els.set(n.id, el);
    flowElements.push(el);
  }
  const flows = new Map<string, any>();
  for (const e of g.edges) {
    const f = m.create('bpmn:SequenceFlow', { id: e.id, ...(e.name ? { name: e.name } : {}), sourceRef: els.get(e.source), targetRef: els.get(e.target) });
    if (e.conditions?.length) f.conditionExpression = m.create('bpmn:FormalExpression', { body: conditionText(e.conditions) });
    if (e.isDefault) els.get(e.source).default = f;
    els.get(e.source).outgoing.push(f);
    els.get(e.target).incoming.push(f);
    flows.set(e.id, f);
    flowElements.push(f);
  }
  const process = m.create('bpmn:Process', { id: modelKey, name: processName, isExecutable: true, flowElements });
  const planeElement: any[] = [];
  const centre = new Map<string, { x: number; y: number }>();
  g.nodes.forEach((n, i) => {
    const p = position(n, i);
    const s = SIZE[n.type];
    centre.set(n.id, { x: Math.round(p.x + s.w / 2), y: Math.round(p.y + s.h / 2) });
    const bounds = m.create('dc:Bounds', { x: p.x, y: p.y, width: s.w, height: s.h });
    planeElement.push(m.create('bpmndi:BPMNShape', { id: `${n.id}_di`, bpmnElement: els.get(n.id), bounds }));
  });
  for (const e of g.edges) {
    const waypoint = [centre.get(e.source)!, centre.get(e.target)!].map((p) => m.create('dc:Point', p));
    planeElement.push(m.create('bpmndi:BPMNEdge', { id: `${e.id}_di`, bpmnElement: flows.get(e.id), waypoint }));
  }
  const plane = m.create('bpmndi:BPMNPlane', { id: `${modelKey}_plane`, bpmnElement: process, planeElement });
  const diagram = m.create('bpmndi:BPMNDiagram', { id: `${modelKey}_diagram`, plane });
  const defs = m.create('bpmn:Definitions', {
    id: `${modelKey}_definitions`,
    targetNamespace: 'http://bpmn.io/schema/bpmn',
    rootElements: [process],
    diagrams: [diagram],
  });
  return (await m.toXML(defs, { format: true })).xml;
}

const KIND: Record<string, FlowNode['type']> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'end',
  'bpmn:ExclusiveGateway': 'condition',
  'bpmn:UserTask': 'approver',
  'bpmn:SendTask': 'cc',
};

function nodeFrom(el: any, bounds: Map<string, { x: number; y: number }>): FlowNode {
  const type = KIND[el.$type];
  const base = { id: el.id, name: (el.name ?? '').trim() || el.id, ...(bounds.has(el.id) ? { position: bounds.get(el.id) } : {}) };
  if (type === 'approver' || type === 'cc') {
    const owner = (el.resources ?? []).find((r: any) => r.$type === 'bpmn:PotentialOwner' || r.$type === 'bpmn:HumanPerformer');
    const assignee = parseAssignee(owner?.resourceAssignmentExpression?.expression?.body, el.id);
    if (type === 'cc') return { ...base, type, assignee };
    const cond = el.loopCharacteristics?.completionCondition?.body?.replace(/\s+/g, ' ').trim();
    return { ...base, type, assignee, mode: cond === ANY ? 'any' : el.loopCharacteristics ? 'all' : 'any' };
  }
  return { ...base, type } as FlowNode;
}

/** A flow from BPMN 2.0 XML: its process id, name and graph; anything it cannot carry is refused, naming it. */
export async function fromBpmn(xml: string): Promise<{ modelKey: string; processName: string; graph: FlowGraph }> {
  const m = new BpmnModdle();
  let defs: any;
  try {
    defs = (await m.fromXML(xml)).rootElement;
  } catch (e) {
    throw new BusinessError(
      `BPMN 文件格式错误: ${String((e as Error).message)
        .split('\n')[0]
        .slice(0, 200)}`,
    );
  }
  const process = (defs?.rootElements ?? []).find((r: any) => r.$type === 'bpmn:Process');
  if (!process) throw new BusinessError('BPMN 文件中没有流程(process)');
  const bounds = new Map<string, { x: number; y: number }>();
  for (const d of defs.diagrams ?? [])
    for (const s of d.plane?.planeElement ?? [])
      if (s.$type === 'bpmndi:BPMNShape' && s.bounds && s.bpmnElement) bounds.set(s.bpmnElement.id, { x: s.bounds.x, y: s.bounds.y });
  const nodes: FlowNode[] = [];
  const edges: FlowEdge[] = [];
  for (const el of process.flowElements ?? []) {
    if (el.$type === 'bpmn:SequenceFlow') continue;
    if (!KIND[el.$type]) throw new BusinessError(`BPMN 元素 ${el.$type.replace('bpmn:', '')} (${el.id}) 不受支持`);
    nodes.push(nodeFrom(el, bounds));
  }
  for (const f of (process.flowElements ?? []).filter((el: any) => el.$type === 'bpmn:SequenceFlow')) {
    const isDefault = f.sourceRef?.default === f;
    const body = f.conditionExpression?.body;
    edges.push({
      id: f.id,
      source: f.sourceRef?.id,
      target: f.targetRef?.id,
      ...(f.name ? { name: f.name } : {}),
      ...(body?.trim() ? { conditions: parseConditions(body, f.id) } : {}),
      ...(isDefault ? { isDefault: true } : {}),
    });
  }
  const graph = flowGraphSchema.safeParse({ nodes, edges });
  if (!graph.success) throw new BusinessError(`BPMN 流程无法转换: ${graph.error.issues[0].path.join('.')} ${graph.error.issues[0].message}`);
  const key = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/.test(process.id) ? process.id : `flow_${Date.now()}`;
  return { modelKey: key, processName: (process.name ?? '').trim() || key, graph: graph.data };
}
