import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { unsafePathReason } from '../../platform/files/index.ts';
import { MAX_FILES } from '../common/index.ts';
import { addAcceptance, addDeliverable, addDeliverableVersion, addProblem, addSummary, deliverableVersions } from './docs.service.ts';
import { day, deliverableName, id, text } from './schemas.ts';

const tags = ['project'];
const required = (label: string, max: number) => z.string().trim().min(1, `${label}不能为空`).max(max, `${label}最多${max}个字`);

/** Comma-joined names returned by /common/uploadMinio: at most its 5 files, each a safe relative path. */
const files = z
  .string()
  .trim()
  .min(1, '请上传文件')
  .max(2000)
  .refine((v) => v.split(',').length <= MAX_FILES, `上传文件数量不能超过 ${MAX_FILES} 个!`)
  .refine((v) => v.split(',').every((p) => p.length > 0 && !unsafePathReason(p)), '文件路径不正确');

/** The fields of each record (add and update take the same). */
export const acceptanceFields = {
  title: required('验收名称', 100),
  criteria: required('验收标准', 2000),
  result: z.enum(['pending', 'passed', 'failed']).default('pending'),
  signer: text(50).nullable().optional(),
  signDate: day.nullable().optional(),
  fileName: files.nullable().optional(),
  remark: text(500).nullable().optional(),
};
export const problemFields = {
  title: required('问题标题', 100),
  description: text(2000).nullable().optional(),
  severity: z.enum(['low', 'medium', 'high']).default('medium'),
  status: z.enum(['open', 'resolved', 'closed']).default('open'),
  reporter: text(50).nullable().optional(),
  reportDate: day,
  ownerId: id.nullable().optional(),
  solution: text(2000).nullable().optional(),
};
export const summaryFields = {
  title: required('总结标题', 100),
  content: required('总结内容', 5000),
  lessons: text(2000).nullable().optional(),
  summaryDate: day,
};

/** 项目验收, 项目售后 (newAfterSales / newProblem), 项目总结, 交付物 (issue 19 §4): the /blank forms' writes. */
export const docsRoutes = [
  defineRoute({
    method: 'POST',
    url: '/project/acceptance/add',
    summary: 'Add an acceptance: criteria, result, sign-off (signer and date once passed or failed) and files',
    tags,
    access: { menu: '/project/acceptance', btn: '1' },
    body: z.strictObject({ projectId: id, ...acceptanceFields }),
    handler: ({ tx, session, req, body }) => addAcceptance({ tx, session, ip: req.ip, store: req.server.fileStore }, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/after_sales/add',
    summary: 'Add an after-sales problem of a project (severity, status, reporter, owner, solution)',
    tags,
    access: { menu: '/project/after_sales', btn: '1' },
    body: z.strictObject({ projectId: id, ...problemFields }),
    handler: ({ tx, session, req, body }) => addProblem({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/summary/add',
    summary: 'Add a project summary (what was done, lessons learned)',
    tags,
    access: { menu: '/project/summary', btn: '1' },
    body: z.strictObject({ projectId: id, ...summaryFields }),
    handler: ({ tx, session, req, body }) => addSummary({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/deliverables/add',
    summary: 'Add a deliverable with its first version (uploaded files)',
    tags,
    access: { menu: '/project/deliverables', btn: '1' },
    body: z.strictObject({ projectId: id, name: deliverableName, fileName: files, remark: text(500).nullable().optional() }),
    handler: ({ tx, session, req, body }) => addDeliverable({ tx, session, ip: req.ip, store: req.server.fileStore }, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/deliverables/version',
    summary: 'Upload a new version of a deliverable; the earlier versions stay',
    tags,
    access: { menu: '/project/deliverables', btn: '1' },
    body: z.strictObject({ deliverableId: id, fileName: files, note: text(500).nullable().optional() }),
    handler: ({ tx, session, req, body }) => addDeliverableVersion({ tx, session, ip: req.ip, store: req.server.fileStore }, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/project/deliverables/versions',
    summary: 'Every version of a deliverable, newest first',
    tags,
    access: { menu: '/project/deliverables' },
    query: z.strictObject({ id }),
    handler: ({ tx, session, query }) => deliverableVersions(tx, session, query.id),
  }),
];
