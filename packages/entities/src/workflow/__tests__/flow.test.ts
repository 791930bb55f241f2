import { describe, expect, it } from 'vitest';
import { chooseBranch, flowGraphSchema, flowProblems, type FlowGraph } from '../flow.ts';

const FIELDS = {
  totalPrice: { label: '合计金额', type: 'decimal' },
  partnerId: { label: '往来单位', type: 'id' },
  depotId: { label: '仓库', type: 'ids' },
} as const;
const approver = (id: string) => ({ id, type: 'approver', name: id, assignee: { kind: 'deptHead' }, mode: 'any' }) as const;

/** start → a → cond → (b | end) → end */
function branchy(): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '开始' },
      approver('a'),
      { id: 'cond', type: 'condition', name: '金额' },
      approver('b'),
      { id: 'end', type: 'end', name: '结束' },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'a' },
      { id: 'e2', source: 'a', target: 'cond' },
      { id: 'e3', source: 'cond', target: 'b', conditions: [{ field: 'totalPrice', op: 'gt', value: '50000' }] },
      { id: 'e4', source: 'cond', target: 'end', isDefault: true },
      { id: 'e5', source: 'b', target: 'end' },
    ],
  };
}

describe('flow validation before deploy', () => {
  it('accepts a well-formed flow', () => {
    expect(flowProblems(branchy(), FIELDS)).toEqual([]);
  });

  it('names a dangling branch, a missing default, an incomplete condition and a loop', () => {
    const dangling = branchy();
    dangling.edges = dangling.edges.filter((e) => e.id !== 'e5');
    expect(flowProblems(dangling, FIELDS)).toContain('节点「b」须有且只有一条出线');
    const noDefault = branchy();
    noDefault.edges[3] = { id: 'e4', source: 'cond', target: 'end' };
    expect(flowProblems(noDefault, FIELDS)).toEqual(['条件分支「金额」须有且只有一条默认出线', '条件分支「金额」的出线 e4 缺少条件']);
    const badField = branchy();
    badField.edges[2].conditions = [{ field: 'weight', op: 'gt', value: '1' }];
    expect(flowProblems(badField, FIELDS)).toEqual(['条件分支「金额」的出线 e3: 条件字段 weight 不存在']);
    const badValue = branchy();
    badValue.edges[2].conditions = [{ field: 'partnerId', op: 'gt', value: 'abc' }];
    expect(flowProblems(badValue, FIELDS)).toEqual(['条件分支「金额」的出线 e3: 条件字段「往来单位」不能用运算 gt']);
    const loop = branchy();
    loop.edges[4] = { id: 'e5', source: 'b', target: 'a' };
    expect(flowProblems(loop, FIELDS)).toEqual(expect.arrayContaining(['流程不能有回路']));
  });

  it('needs exactly one start, an end and an approver; edges must join existing nodes', () => {
    expect(flowProblems({ nodes: [], edges: [] }, FIELDS)).toEqual(['流程须有且只有一个开始节点', '流程须有结束节点', '流程至少需要一个审批节点']);
    const g = branchy();
    g.edges.push({ id: 'e9', source: 'a', target: 'ghost' });
    expect(flowProblems(g, FIELDS)).toEqual(expect.arrayContaining(['连线 e9 连接了不存在的节点']));
    const unreachable = branchy();
    unreachable.nodes.push(approver('z'));
    unreachable.edges.push({ id: 'e9', source: 'z', target: 'end' });
    expect(flowProblems(unreachable, FIELDS)).toEqual(['节点「z」没有进线']);
  });

  it('refuses unknown keys and bad ids in the schema', () => {
    expect(flowGraphSchema.safeParse({ nodes: [{ id: '1x', type: 'start', name: 's' }], edges: [] }).success).toBe(false);
    expect(flowGraphSchema.safeParse({ nodes: [{ id: 's', type: 'start', name: 's', extra: 1 }], edges: [] }).success).toBe(false);
  });
});

describe('condition branches', () => {
  const outs = branchy().edges.filter((e) => e.source === 'cond');
  it('compares decimals exactly and falls back to the default edge', () => {
    expect(chooseBranch(outs, { totalPrice: '50000.01' }, FIELDS).target).toBe('b');
    expect(chooseBranch(outs, { totalPrice: '50000.000' }, FIELDS).target).toBe('end');
    expect(chooseBranch(outs, { totalPrice: null }, FIELDS).target).toBe('end');
  });
  it('matches a partner and any of the warehouses of the lines', () => {
    const byPartner = [
      { id: 'p', source: 'cond', target: 'b', conditions: [{ field: 'partnerId', op: 'in' as const, value: '7,8' }] },
      { id: 'w', source: 'cond', target: 'end', conditions: [{ field: 'depotId', op: 'eq' as const, value: '3' }] },
      { id: 'd', source: 'cond', target: 'x', isDefault: true },
    ];
    expect(chooseBranch(byPartner, { partnerId: 8, depotId: [1] }, FIELDS).id).toBe('p');
    expect(chooseBranch(byPartner, { partnerId: 9, depotId: [1, 3] }, FIELDS).id).toBe('w');
    expect(chooseBranch(byPartner, { partnerId: 9, depotId: [1] }, FIELDS).id).toBe('d');
  });
});
