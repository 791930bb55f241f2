import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { okData, refusal } from './fixtures.ts';

const fixture = readFileSync(new URL('./fixtures/purchase-approval.bpmn', import.meta.url), 'utf8');

// Issue 15: flows as BPMN 2.0 XML (bpmn-moddle), to standard modelers and back.
describe('BPMN 2.0 import and export', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'bpmn');
  // the role and the user are this company's, filled in below
  const graph: { nodes: any[]; edges: any[] } = {
    nodes: [
      { id: 'start', type: 'start', name: '开始' },
      { id: 'cc', type: 'cc', name: '抄送财务', assignee: { kind: 'role', roleId: 0 } },
      { id: 'mgr', type: 'approver', name: '经理', assignee: { kind: 'deptHead' }, mode: 'any', position: { x: 300, y: 40 } },
      { id: 'cond', type: 'condition', name: '条件' },
      { id: 'all', type: 'approver', name: '会签', assignee: { kind: 'users', userIds: [0] }, mode: 'all' },
      { id: 'end', type: 'end', name: '结束' },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'cc' },
      { id: 'e2', source: 'cc', target: 'mgr' },
      { id: 'e3', source: 'mgr', target: 'cond' },
      {
        id: 'e4',
        source: 'cond',
        target: 'all',
        name: '大额或指定客户',
        conditions: [
          { field: 'totalPrice', op: 'gte', value: '50000.5' },
          { field: 'partnerId', op: 'in', value: '7,8' },
        ],
      },
      { id: 'e5', source: 'cond', target: 'end', isDefault: true },
      { id: 'e6', source: 'all', target: 'end' },
    ],
  };
  const roles = (await okData(t.api.get('/role/list?currentPage=1&pageSize=10'))).rows;
  const me = (await okData(t.api.get('/user/getUserList?currentPage=1&pageSize=10'))).rows[0];
  graph.nodes[1] = { ...graph.nodes[1], assignee: { kind: 'role', roleId: roles[0].id } };
  graph.nodes[4] = { ...graph.nodes[4], assignee: { kind: 'users', userIds: [me.id] } };
  const flowCount = async () => (await okData(t.api.get('/workflow/flow/list'))).total as number;

  it('export → import → export gives the same XML, in standard BPMN elements', async () => {
    const { id } = await okData(t.api.post('/workflow/flow/add', { processName: '销售订单审批', modelKey: 'sale_flow', processType: 'saleOrder', graph }));
    const first = (await okData(t.api.get(`/workflow/flow/exportBpmn?id=${id}`))).xml as string;
    expect(first).toContain('<bpmn:process id="sale_flow" name="销售订单审批" isExecutable="true">');
    expect(first).toContain('<bpmn:exclusiveGateway id="cond" name="条件" default="e5">');
    expect(first).toContain('totalPrice &gt;= 50000.5 and partnerId in (7,8)');
    expect(first).toContain('<bpmn:expression xsi:type="bpmn:tFormalExpression">deptHead()</bpmn:expression>');
    const imported = await okData(t.api.post('/workflow/flow/importBpmn', { xml: first, processType: 'saleOrder' }));
    expect(imported.id).toBe(id);
    const second = (await okData(t.api.get(`/workflow/flow/exportBpmn?id=${id}`))).xml;
    expect(second).toBe(first);
    // the graph came back whole: the same conditions, modes and assignees
    const back = (await okData(t.api.get(`/workflow/flow/detail?id=${id}`))).graph;
    expect(back.edges).toEqual(graph.edges);
    expect(back.nodes.map(({ position: _, ...n }: { position?: unknown }) => n)).toEqual(graph.nodes.map(({ position: _, ...n }: { position?: unknown }) => n));
    await okData(t.api.post('/workflow/flow/deploy', { id }));
  });

  it('imports a flow drawn by hand in the BPMN 2.0 format and deploys it', async () => {
    const { id } = await okData(t.api.post('/workflow/flow/importBpmn', { xml: fixture, processType: 'purchaseOrder' }));
    const f = await okData(t.api.get(`/workflow/flow/detail?id=${id}`));
    expect(f).toMatchObject({ modelKey: 'Process_purchase', processName: '采购订单审批', processType: 'purchaseOrder', enabled: false });
    expect(f.graph.nodes.find((n: { id: string }) => n.id === 'Activity_chain')).toMatchObject({
      type: 'approver',
      assignee: { kind: 'managerChain', levels: 2 },
      mode: 'all',
      position: { x: 530, y: 77 },
    });
    expect(f.graph.edges.find((e: { id: string }) => e.id === 'Flow_big')).toMatchObject({ conditions: [{ field: 'totalPrice', op: 'gt', value: '50000' }] });
    expect(f.graph.edges.find((e: { id: string }) => e.id === 'Flow_small')).toMatchObject({ isDefault: true, name: '其余' });
    expect((await okData(t.api.post('/workflow/flow/deploy', { id }))).version).toBe(1);
  });

  it('refuses malformed XML, unsupported elements and unreadable conditions, writing nothing', async () => {
    const before = await flowCount();
    const imp = (xml: string) => refusal(t.api.post('/workflow/flow/importBpmn', { xml, processType: 'saleOut' }));
    expect(await imp('<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"><bpmn:process id="p">')).toMatch(/^BPMN 文件格式错误: /);
    expect(await imp('not xml at all')).toMatch(/^BPMN 文件格式错误|^BPMN 文件中没有流程/);
    expect(
      await imp(
        fixture
          .replace('<bpmn:exclusiveGateway id="Gateway_amount" name="金额？" default="Flow_small">', '<bpmn:parallelGateway id="Gateway_amount">')
          .replace('</bpmn:exclusiveGateway>', '</bpmn:parallelGateway>'),
      ),
    ).toBe('BPMN 元素 ParallelGateway (Gateway_amount) 不受支持');
    expect(await imp(fixture.replace('totalPrice &gt; 50000', 'totalPrice ~ 5'))).toBe('BPMN 连线 Flow_big 的条件无法识别: totalPrice ~ 5');
    expect(await imp(fixture.replace('deptHead()', 'everyone'))).toMatch(/^BPMN 节点 Activity_head 的审批人表达式无效/);
    expect(await flowCount()).toBe(before);
  });
});
