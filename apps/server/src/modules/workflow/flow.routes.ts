import { z } from 'zod';
import { flowGraphSchema } from '@erp/entities';
import { defineRoute } from '../../platform/http/route.ts';
import { addFlow, deleteFlow, deployFlow, exportBpmn, importBpmn, updateFlow } from './flow.service.ts';
import { businessTypes, flowDetail, listFlows } from './flow.queries.ts';
import { setWebhook, webhookLog, webhookSecretSchema, webhookUrlSchema } from './webhook.ts';

const tags = ['workflow'];
const MENU = '/workflow/template';
const id = z.coerce.number().int().positive();
const processName = z.string().trim().min(1, '流程名称不能为空').max(100);
const processType = z.string().regex(/^[A-Za-z]{1,40}$/, 'processType 无效');

export const flowRoutes = [
  defineRoute({
    method: 'GET',
    url: '/workflow/flow/list',
    summary: 'Workflow templates: processId, processName, modelKey, version, deployId, processType',
    tags,
    access: { menu: MENU },
    query: z.strictObject({
      processType: processType.optional(),
      processName: z.string().trim().max(100).optional(),
      currentPage: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(500).default(20),
    }),
    handler: ({ tx, session, req, query }) => listFlows({ tx, session, ip: req.ip }, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/workflow/flow/detail',
    summary: 'A flow: its draft graph and deployed versions',
    tags,
    access: { menu: MENU },
    query: z.strictObject({ id }),
    handler: ({ tx, session, req, query }) => flowDetail({ tx, session, ip: req.ip }, query.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/workflow/flow/webhookLog',
    summary: "A flow's webhook deliveries (event, status, attempts, response), newest first",
    tags,
    access: { menu: MENU },
    query: z.strictObject({ id, currentPage: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(20) }),
    handler: ({ tx, session, req, query: { id: flowId, ...page } }) => webhookLog({ tx, session, ip: req.ip }, flowId, page),
  }),
  defineRoute({
    method: 'GET',
    url: '/workflow/flow/types',
    summary: 'The document types a flow can be bound to, with the fields conditions may test',
    tags,
    access: 'user',
    handler: async () => businessTypes(),
  }),
  defineRoute({
    method: 'POST',
    url: '/workflow/flow/add',
    invalidates: false,
    summary: 'Add a flow bound to a document type (a draft until deployed)',
    tags,
    access: { menu: MENU, btn: '1' },
    body: z.strictObject({
      processName,
      modelKey: z.string().regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/, '流程标识须以字母开头，只含字母、数字、_ . -'),
      processType,
      graph: flowGraphSchema,
      enabled: z.boolean().optional(),
    }),
    handler: ({ tx, session, req, body }) => addFlow({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/workflow/flow/update',
    invalidates: false,
    summary: 'Change a flow draft, its name or whether it is enabled; running instances keep their version',
    tags,
    access: { menu: MENU, btn: '1' },
    body: z.strictObject({
      id,
      processName: processName.optional(),
      graph: flowGraphSchema.optional(),
      enabled: z.boolean().optional(),
      /** POSTed, HMAC-signed, when an instance is passed or rejected; null removes it */
      webhookUrl: webhookUrlSchema.nullable().optional(),
      webhookSecret: webhookSecretSchema.optional(),
    }),
    handler: async ({ tx, session, req, body: { id: flowId, webhookUrl, webhookSecret, ...rest } }) => {
      const r = await updateFlow({ tx, session, ip: req.ip }, flowId, rest);
      await setWebhook(tx, session.tenantId, flowId, webhookUrl, webhookSecret);
      return r;
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/workflow/flow/delete',
    invalidates: false,
    summary: 'Delete a flow that has no document in approval',
    tags,
    access: { menu: MENU, btn: '1' },
    query: z.strictObject({ id }),
    handler: ({ tx, session, req, query }) => deleteFlow({ tx, session, ip: req.ip }, query.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/workflow/flow/deploy',
    invalidates: false,
    summary: 'Validate the draft (one start, every path ends, conditions complete) and deploy it as the next version',
    tags,
    access: { menu: MENU, btn: '1' },
    body: z.strictObject({ id }),
    handler: ({ tx, session, req, body }) => deployFlow({ tx, session, ip: req.ip }, body.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/workflow/flow/exportBpmn',
    summary: 'A flow draft as BPMN 2.0 XML (data.xml), for standard BPMN modelers',
    tags,
    access: { menu: MENU },
    query: z.strictObject({ id }),
    handler: ({ tx, session, req, query }) => exportBpmn({ tx, session, ip: req.ip }, query.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/workflow/flow/importBpmn',
    invalidates: false,
    summary: 'Import BPMN 2.0 XML: updates the draft of the flow whose modelKey is the process id, else adds a disabled flow bound to processType',
    tags,
    access: { menu: MENU, btn: '1' },
    body: z.strictObject({ xml: z.string().min(1, 'BPMN 内容不能为空').max(1_000_000), processType }),
    handler: ({ tx, session, req, body }) => importBpmn({ tx, session, ip: req.ip }, body.xml, body.processType),
  }),
];
