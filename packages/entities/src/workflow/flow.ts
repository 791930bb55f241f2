/**
 * An approval flow as the designer draws it and the server deploys it (issue 15): nodes (start, approver,
 * copy-to, condition branch, end) joined by edges; the edges leaving a condition branch carry the conditions.
 * Shared by the server (validation before deploy, the engine) and the web (designer), so both judge a flow alike.
 */
import { Decimal } from 'decimal.js';
import { z } from 'zod';

const ID = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
const nodeId = z.string().regex(ID, '节点编号须以字母开头，只含字母、数字、_ . -');
const userId = z.number().int().positive();
const name = z.string().trim().min(1, '节点名称不能为空').max(60);

/** Who approves: named users, a role, the initiator's department head, or the initiator's managers up to N levels. */
export const assigneeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('users'), userIds: z.array(userId).min(1, '请选择审批人').max(50) }),
  z.strictObject({ kind: z.literal('role'), roleId: userId }),
  z.strictObject({ kind: z.literal('deptHead') }),
  z.strictObject({ kind: z.literal('managerChain'), levels: z.number().int().min(1).max(10) }),
]);
export type Assignee = z.infer<typeof assigneeSchema>;

const position = z.strictObject({ x: z.number().finite(), y: z.number().finite() }).optional();

export const flowNodeSchema = z.discriminatedUnion('type', [
  z.strictObject({ id: nodeId, type: z.literal('start'), name, position }),
  z.strictObject({ id: nodeId, type: z.literal('approver'), name, position, assignee: assigneeSchema, mode: z.enum(['all', 'any']) }),
  z.strictObject({ id: nodeId, type: z.literal('cc'), name, position, assignee: assigneeSchema }),
  z.strictObject({ id: nodeId, type: z.literal('condition'), name, position }),
  z.strictObject({ id: nodeId, type: z.literal('end'), name, position }),
]);
export type FlowNode = z.infer<typeof flowNodeSchema>;

export const CONDITION_OPS = ['gt', 'gte', 'lt', 'lte', 'eq', 'ne', 'in', 'notIn'] as const;
export const conditionSchema = z.strictObject({
  field: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, '条件字段无效'),
  op: z.enum(CONDITION_OPS),
  value: z.string().trim().min(1, '条件值不能为空').max(2000),
});
export type Condition = z.infer<typeof conditionSchema>;

export const flowEdgeSchema = z.strictObject({
  id: nodeId,
  source: nodeId,
  target: nodeId,
  name: z.string().trim().max(60).optional(),
  /** all must hold (AND); only on the edges leaving a condition branch */
  conditions: z.array(conditionSchema).max(10).optional(),
  /** the branch taken when no other edge's conditions hold */
  isDefault: z.boolean().optional(),
});
export type FlowEdge = z.infer<typeof flowEdgeSchema>;

export const flowGraphSchema = z.strictObject({
  nodes: z.array(flowNodeSchema).max(200),
  edges: z.array(flowEdgeSchema).max(400),
});
export type FlowGraph = z.infer<typeof flowGraphSchema>;

/**
 * A document field conditions may test, as the registering area declares it: a decimal (amounts), one id
 * (the partner) or several ids (the warehouses of the lines; `eq`/`in` hold when any matches).
 */
export interface FactField {
  label: string;
  type: 'decimal' | 'id' | 'ids';
}
export type FactFields = Record<string, FactField>;
/** The values a document gives for its fields at submission: decimals as strings, ids as numbers. */
export type Facts = Record<string, string | number | number[] | null>;

const OPS_BY_TYPE: Record<FactField['type'], readonly Condition['op'][]> = {
  decimal: ['gt', 'gte', 'lt', 'lte', 'eq', 'ne'],
  id: ['eq', 'ne', 'in', 'notIn'],
  ids: ['eq', 'ne', 'in', 'notIn'],
};
const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;
const ID_LIST = /^\d{1,15}(,\d{1,15}){0,199}$/;

function conditionProblem(c: Condition, fields: FactFields): string | undefined {
  const f = fields[c.field];
  if (!f) return `条件字段 ${c.field} 不存在`;
  if (!OPS_BY_TYPE[f.type].includes(c.op)) return `条件字段「${f.label}」不能用运算 ${c.op}`;
  if (f.type === 'decimal' && !DECIMAL.test(c.value)) return `条件字段「${f.label}」的值须为数字`;
  if (f.type !== 'decimal' && !ID_LIST.test(c.value)) return `条件字段「${f.label}」的值须为逗号分隔的编号`;
  return undefined;
}

const label = (n: FlowNode) => `「${n.name}」`;

/** Edges, ids and branches: each refusal names the node or edge. */
function structureProblems(g: FlowGraph, fields: FactFields, out: string[]) {
  const byId = new Map<string, FlowNode>();
  for (const n of g.nodes) {
    if (byId.has(n.id)) out.push(`节点编号 ${n.id} 重复`);
    byId.set(n.id, n);
  }
  const edgeIds = new Set<string>();
  for (const e of g.edges) {
    if (edgeIds.has(e.id) || byId.has(e.id)) out.push(`连线编号 ${e.id} 重复`);
    edgeIds.add(e.id);
    if (!byId.has(e.source) || !byId.has(e.target)) out.push(`连线 ${e.id} 连接了不存在的节点`);
  }
  const starts = g.nodes.filter((n) => n.type === 'start');
  if (starts.length !== 1) out.push('流程须有且只有一个开始节点');
  if (!g.nodes.some((n) => n.type === 'end')) out.push('流程须有结束节点');
  if (!g.nodes.some((n) => n.type === 'approver')) out.push('流程至少需要一个审批节点');
  for (const n of g.nodes) {
    const outs = g.edges.filter((e) => e.source === n.id);
    const ins = g.edges.filter((e) => e.target === n.id);
    if (n.type === 'start' && ins.length) out.push(`开始节点${label(n)}不能有进线`);
    if (n.type === 'end' && outs.length) out.push(`结束节点${label(n)}不能有出线`);
    if (n.type !== 'start' && !ins.length) out.push(`节点${label(n)}没有进线`);
    if (n.type !== 'end' && n.type !== 'condition' && outs.length !== 1) out.push(`节点${label(n)}须有且只有一条出线`);
    if (n.type !== 'condition' && outs.some((e) => e.conditions?.length || e.isDefault)) out.push(`只有条件分支的出线可以带条件，见节点${label(n)}`);
    if (n.type === 'condition') {
      if (outs.length < 2) out.push(`条件分支${label(n)}须至少有两条出线`);
      if (outs.filter((e) => e.isDefault).length !== 1) out.push(`条件分支${label(n)}须有且只有一条默认出线`);
      for (const e of outs) {
        if (e.isDefault && e.conditions?.length) out.push(`条件分支${label(n)}的默认出线 ${e.id} 不能带条件`);
        if (!e.isDefault && !e.conditions?.length) out.push(`条件分支${label(n)}的出线 ${e.id} 缺少条件`);
        for (const c of e.conditions ?? []) {
          const p = conditionProblem(c, fields);
          if (p) out.push(`条件分支${label(n)}的出线 ${e.id}: ${p}`);
        }
      }
    }
  }
}

/** Every node lies on a path from the start to an end, and no path loops. */
function pathProblems(g: FlowGraph, out: string[]) {
  const next = new Map<string, string[]>(g.nodes.map((n) => [n.id, []]));
  const prev = new Map<string, string[]>(g.nodes.map((n) => [n.id, []]));
  for (const e of g.edges) {
    next.get(e.source)?.push(e.target);
    prev.get(e.target)?.push(e.source);
  }
  const reach = (from: string[], links: Map<string, string[]>) => {
    const seen = new Set(from);
    const todo = [...from];
    while (todo.length)
      for (const m of links.get(todo.pop()!) ?? []) {
        if (seen.has(m)) continue;
        seen.add(m);
        todo.push(m);
      }
    return seen;
  };
  const fromStart = reach(
    g.nodes.filter((n) => n.type === 'start').map((n) => n.id),
    next,
  );
  const toEnd = reach(
    g.nodes.filter((n) => n.type === 'end').map((n) => n.id),
    prev,
  );
  for (const n of g.nodes) {
    if (!fromStart.has(n.id)) out.push(`节点${label(n)}无法从开始节点到达`);
    else if (!toEnd.has(n.id)) out.push(`节点${label(n)}走不到结束节点`);
  }
  // Kahn's algorithm: nodes left over sit on a loop (returning to an earlier node is an action, not an edge)
  const indeg = new Map(g.nodes.map((n) => [n.id, prev.get(n.id)!.length]));
  const ready = [...indeg].filter(([, d]) => d === 0).map(([id]) => id);
  let done = 0;
  while (ready.length) {
    done++;
    for (const m of next.get(ready.pop()!) ?? []) {
      indeg.set(m, indeg.get(m)! - 1);
      if (indeg.get(m) === 0) ready.push(m);
    }
  }
  if (done < g.nodes.length) out.push('流程不能有回路');
}

/** The problems that keep a flow from being deployed (empty: it may be deployed). */
export function flowProblems(g: FlowGraph, fields: FactFields): string[] {
  const out: string[] = [];
  structureProblems(g, fields, out);
  if (!out.length) pathProblems(g, out);
  return out;
}

/** The first matching edge out of a condition branch, else its default edge (the flow was validated). */
export function chooseBranch(edges: FlowEdge[], facts: Facts, fields: FactFields): FlowEdge {
  const conditional = edges.filter((e) => !e.isDefault);
  return conditional.find((e) => (e.conditions ?? []).every((c) => holds(c, facts[c.field] ?? null, fields[c.field]))) ?? edges.find((e) => e.isDefault)!;
}

function holds(c: Condition, v: Facts[string], f: FactField | undefined): boolean {
  if (!f || v === null) return c.op === 'ne' || c.op === 'notIn';
  if (f.type === 'decimal') {
    const cmp = new Decimal(String(v)).cmp(c.value);
    return { gt: cmp > 0, gte: cmp >= 0, lt: cmp < 0, lte: cmp <= 0, eq: cmp === 0, ne: cmp !== 0, in: false, notIn: false }[c.op];
  }
  const have = (Array.isArray(v) ? v : [v]).map(Number);
  const want = c.value.split(',').map(Number);
  const any = have.some((h) => want.includes(h));
  return c.op === 'eq' || c.op === 'in' ? any : !any;
}
