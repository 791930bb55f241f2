import { useCallback, useEffect, useMemo, useState } from 'react';
import { addEdge, Background, Controls, ReactFlow, useEdgesState, useNodesState, type Connection, type ReactFlowInstance } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Alert, App } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { flowProblems, type FlowGraph, type FlowNode } from '@erp/entities';
import { failureText } from '../../../platform/crud/file-transfer.ts';
import { workflowApi } from '../workflow-api.ts';
import { edgeLabel, freeId, fromCanvas, newFlowNode, starterGraph, toCanvas, type DesignEdge, type DesignNode, type EdgeData, type NodeKind } from './graph.ts';
import { NODE_TYPES } from './nodes.tsx';
import { Toolbar } from './toolbar.tsx';
import { Properties, selectedOf, usePeople } from './properties.tsx';
import { useDesignerT } from './designer-i18n.ts';

interface Props {
  /** the flow to edit; none: a new flow */
  flowId?: number;
  canEdit: boolean;
  onChanged: () => void;
  download: (name: string, text: string) => void;
}

/**
 * Where a node added from the toolbar goes — right of the rightmost box by more than a box's width, so nodes added one
 * after another never overlap — and bringing it into view once it is measured: there it was past the canvas's edge,
 * and a user who clicked 「+ 抄送」 saw nothing change.
 */
function useNewNodes(nodes: DesignNode[]) {
  const [flow, setFlow] = useState<ReactFlowInstance<DesignNode, DesignEdge>>();
  const [added, bringIntoView] = useState<string>();
  useEffect(() => {
    if (!added || !flow || !nodes.find((n) => n.id === added)?.measured?.width) return;
    void flow.fitView({ duration: 200 });
    bringIntoView(undefined);
  }, [added, flow, nodes]);
  const place = () => ({ x: Math.max(0, ...nodes.map((n) => n.position.x)) + 260, y: 260 });
  return { onInit: setFlow, bringIntoView, place };
}

/**
 * The visual flow designer (issue 15): the flow as a node graph on @xyflow/react, a palette of node kinds, a
 * properties panel for the selected node or edge, validation with the rules the server deploys by
 * (`flowProblems`), save, deploy, and BPMN 2.0 import and export through the flow API.
 */
export function FlowDesigner({ flowId, canEdit, onChanged, download }: Props) {
  const { t } = useDesignerT();
  const { message } = App.useApp();
  const [id, setId] = useState(flowId);
  const [head, setHead] = useState({ processName: '', modelKey: '', processType: '' });
  const [nodes, setNodes, onNodesChange] = useNodesState<DesignNode>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<DesignEdge>([]);
  const [selectedId, setSelectedId] = useState<string>();
  const [problems, setProblems] = useState<string[]>();
  const view = useNewNodes(nodes);
  const types = useQuery({ queryKey: ['wf-types'], queryFn: workflowApi.types, staleTime: Infinity });
  const people = usePeople();
  const fields = useMemo(() => types.data?.find((x) => x.docType === head.processType)?.fields ?? {}, [types.data, head.processType]);

  const show = useCallback(
    (g: FlowGraph) => {
      const c = toCanvas(g);
      setNodes(c.nodes);
      setEdges(c.edges);
      setSelectedId(undefined);
      setProblems(undefined);
    },
    [setNodes, setEdges],
  );
  const load = useCallback(
    async (flow: number) => {
      const d = await workflowApi.detail(flow);
      setHead({ processName: d.processName, modelKey: d.modelKey, processType: d.processType });
      show(d.graph);
    },
    [show],
  );
  useEffect(() => {
    if (flowId) void load(flowId);
    else show(starterGraph({ start: t('kind.start'), approver: t('kind.approver'), end: t('kind.end') }));
  }, [flowId, load, show, t]);

  const taken = () => [...nodes.map((n) => n.id), ...edges.map((e) => e.id)];
  const addNode = (kind: NodeKind) => {
    const nid = freeId(kind, taken());
    setNodes((ns) => [...ns, { id: nid, type: kind, position: view.place(), data: { node: newFlowNode(kind, nid, t(`kind.${kind}`)) } }]);
    setSelectedId(nid);
    view.bringIntoView(nid);
  };
  const onConnect = (c: Connection) => setEdges((es) => addEdge({ ...c, id: freeId('e', taken()), data: {} }, es));
  const setNode = (n: FlowNode) => setNodes((ns) => ns.map((x) => (x.id === n.id ? { ...x, data: { node: n } } : x)));
  const setEdge = (eid: string, d: EdgeData) => setEdges((es) => es.map((e) => (e.id === eid ? { ...e, data: d } : e)));
  // labels follow the data and the document type's field names (known only once the types have loaded)
  const shown = useMemo(() => edges.map((e) => ({ ...e, label: edgeLabel(e.data, t('defaultEdge'), fields) })), [edges, fields, t]);
  const remove = () => {
    setNodes((ns) => ns.filter((n) => n.id !== selectedId));
    setEdges((es) => es.filter((e) => e.id !== selectedId && e.source !== selectedId && e.target !== selectedId));
    setSelectedId(undefined);
  };
  const selected = useMemo(() => selectedOf(nodes, edges, selectedId), [nodes, edges, selectedId]);

  const validate = () => {
    const p = flowProblems(fromCanvas(nodes, edges), fields);
    setProblems(p);
    if (!p.length) message.success(t('valid'));
    return p.length === 0;
  };
  const attempt = async (fn: () => Promise<void>) => {
    try {
      await fn();
      onChanged();
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };
  const save = async (): Promise<number | undefined> => {
    if (!head.processName.trim() || !head.modelKey.trim() || !head.processType) {
      message.warning(t('header'));
      return undefined;
    }
    const graph = fromCanvas(nodes, edges);
    let flow = id;
    if (flow) await workflowApi.updateFlow(flow, { processName: head.processName, graph });
    else setId((flow = (await workflowApi.addFlow({ ...head, graph })).id));
    message.success(t('saved'));
    return flow;
  };
  const deploy = () =>
    attempt(async () => {
      if (!validate()) return;
      const flow = await save();
      if (flow) message.success((await workflowApi.deploy(flow)).message);
    });
  const importXml = (xml: string) =>
    attempt(async () => {
      const r = await workflowApi.importBpmn(xml, head.processType);
      setId(r.id);
      await load(r.id);
      message.success(r.message);
    });

  return (
    <div data-testid="wf-designer">
      <Toolbar
        head={head}
        setHead={setHead}
        saved={!!id}
        canEdit={canEdit}
        types={types.data ?? []}
        onAdd={addNode}
        onValidate={validate}
        onSave={() => void attempt(async () => void (await save()))}
        onDeploy={() => void deploy()}
        onExport={() => void attempt(async () => download(`${head.modelKey}.bpmn`, (await workflowApi.exportBpmn(id!)).xml))}
        onImport={importXml}
      />
      {problems && problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="wf-problems"
          message={t('problems')}
          description={
            <ul style={{ margin: 0 }}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      )}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
        <div style={{ flex: '1 1 480px', height: '62vh', minHeight: 360, border: '1px solid #f0f0f0', borderRadius: 6 }}>
          <ReactFlow<DesignNode, DesignEdge>
            nodes={nodes}
            edges={shown}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            onNodeClick={(_, n) => setSelectedId(n.id)}
            onEdgeClick={(_, e) => setSelectedId(e.id)}
            onPaneClick={() => setSelectedId(undefined)}
            defaultEdgeOptions={{ markerEnd: { type: 'arrowclosed' as never } }}
            onInit={view.onInit}
            fitView
          >
            <Background />
            <Controls showInteractive={false} />
          </ReactFlow>
        </div>
        <div style={{ flex: '1 1 260px', maxWidth: 420 }} data-testid="wf-properties">
          <Properties selected={selected} fields={fields} users={people.users} roles={people.roles} onNode={setNode} onEdge={setEdge} onDelete={remove} />
        </div>
      </div>
    </div>
  );
}
