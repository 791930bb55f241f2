import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../platform/http/route.ts';
import { acceptanceFields, problemFields, summaryFields } from './docs.routes.ts';
import { deleteDoc, docDetail, updateAcceptance, updateProblem, updateSummary, type DocKind } from './docs-edit.service.ts';
import { id } from './schemas.ts';

const tags = ['project'];
/** Each kind's url segment (its menu is /project/<segment>). */
const SEGMENT: Record<DocKind, string> = { acceptance: 'acceptance', problem: 'after_sales', summary: 'summary' };

/** Per kind: GET …/detail (the form loads it), POST …/delete; the state rules in docs-edit.service.ts. */
const common = (Object.keys(SEGMENT) as DocKind[]).flatMap((kind): RouteSpec[] => [
  defineRoute({
    method: 'GET',
    url: `/project/${SEGMENT[kind]}/detail`,
    summary: `One ${kind} record with its editable fields`,
    tags,
    access: { menu: `/project/${SEGMENT[kind]}` },
    query: z.strictObject({ id }),
    handler: ({ tx, session, query }) => docDetail(tx, session, kind, query.id),
  }),
  defineRoute({
    method: 'POST',
    url: `/project/${SEGMENT[kind]}/delete`,
    summary: `Delete a ${kind} record (refused once it is final: a signed acceptance, a problem no longer open, a closed project's summary)`,
    tags,
    access: { menu: `/project/${SEGMENT[kind]}`, btn: '1' },
    body: z.strictObject({ id }),
    handler: ({ tx, session, req, body }) => deleteDoc({ tx, session, ip: req.ip }, kind, body.id),
  }),
]);

export const docsEditRoutes: RouteSpec[] = [
  ...common,
  defineRoute({
    method: 'POST',
    url: '/project/acceptance/update',
    summary: 'Change an acceptance record while it is pending; signing it (passed or failed) needs signer and date and makes it final',
    tags,
    access: { menu: '/project/acceptance', btn: '1' },
    body: z.strictObject({ id, ...acceptanceFields }),
    handler: ({ tx, session, req, body: { id: rid, ...rest } }) => updateAcceptance({ tx, session, ip: req.ip, store: req.server.fileStore }, rid, rest),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/after_sales/update',
    summary: 'Change an after-sales problem until it is closed; resolving or closing it needs the solution',
    tags,
    access: { menu: '/project/after_sales', btn: '1' },
    body: z.strictObject({ id, ...problemFields }),
    handler: ({ tx, session, req, body: { id: rid, ...rest } }) => updateProblem({ tx, session, ip: req.ip }, rid, rest),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/summary/update',
    summary: 'Change a project summary (refused once the project is closed)',
    tags,
    access: { menu: '/project/summary', btn: '1' },
    body: z.strictObject({ id, ...summaryFields }),
    handler: ({ tx, session, req, body: { id: rid, ...rest } }) => updateSummary({ tx, session, ip: req.ip }, rid, rest),
  }),
];
