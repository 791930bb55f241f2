import { z } from 'zod';
import { defineRoute, Raw } from '../../platform/http/route.ts';
import { BusinessError } from '../../platform/errors.ts';
import { exportStamp } from '../../platform/crud/export.ts';
import { zipOf } from '../common/index.ts';
import { archiveContract, archiveDetail, archiveProject, listArchives, type ArchiveKind } from './archive.service.ts';
import { sendDossier } from './archive-export.ts';
import { id, text } from './schemas.ts';

const tags = ['project'];
/** 项目档案 /project/archive, 合同档案 /project/contract_archive (menus and route prefixes alike). */
const SEGMENT: Record<ArchiveKind, string> = { project: 'archive', contract: 'contract_archive' };
const LABEL: Record<ArchiveKind, string> = { project: '项目档案', contract: '合同档案' };

function kindRoutes(kind: ArchiveKind) {
  const base = `/project/${SEGMENT[kind]}`;
  return [
    defineRoute({
      method: 'GET',
      url: `${base}/all`,
      summary: `${LABEL[kind]}: the archives of the projects the user may see, newest first; keyword on number and title`,
      tags,
      access: { menu: base },
      query: z.strictObject({
        projectId: id.optional(),
        keyword: text(100).optional(),
        currentPage: z.coerce.number().int().min(1).max(100000).optional(),
        pageSize: z.coerce.number().int().min(1).max(500).optional(),
      }),
      handler: ({ tx, session, query }) => listArchives(tx, session, kind, query),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/detail`,
      summary: `One ${LABEL[kind]} with its frozen dossier (snapshot) and file names`,
      tags,
      access: { menu: base },
      query: z.strictObject({ id }),
      handler: ({ tx, session, query }) => archiveDetail(tx, session, kind, query.id),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/exportExcel`,
      summary: `One ${LABEL[kind]}'s dossier as a workbook, a sheet per part`,
      tags,
      access: { menu: base, btn: '3' },
      query: z.strictObject({ id }),
      handler: async ({ tx, session, query, reply }) => sendDossier(reply, kind, await archiveDetail(tx, session, kind, query.id)),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/downloadZip`,
      summary: `The files one ${LABEL[kind]} references, as one zip named 《档案编号》MMddhhmmss.zip`,
      tags,
      access: { menu: base },
      query: z.strictObject({ id }),
      handler: async ({ req, tx, session, query, reply }) => {
        const a = await archiveDetail(tx, session, kind, query.id);
        if (!a.fileNames.length) throw new BusinessError('该档案没有文件');
        const stream = await zipOf(req.server.fileStore, session.tenantId, a.fileNames);
        const name = `${String(a.number)}${exportStamp()}.zip`;
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
          .header('download-filename', encodeURIComponent(name));
        return new Raw(stream);
      },
    }),
  ];
}

export const archiveRoutes = [
  ...kindRoutes('project'),
  ...kindRoutes('contract'),
  defineRoute({
    method: 'POST',
    url: '/project/archive/add',
    summary: 'Archive a project now (its manager): its dossier frozen as a snapshot; closing a project archives it and its contracts',
    tags,
    access: { menu: '/project/archive', btn: '1' },
    body: z.strictObject({ projectId: id }),
    handler: ({ tx, session, req, body }) => archiveProject({ tx, session, ip: req.ip }, body.projectId, 'manual'),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/contract_archive/add',
    summary: "Archive a contract now (its project's manager): header, payment plan and receipts frozen as a snapshot",
    tags,
    access: { menu: '/project/contract_archive', btn: '1' },
    body: z.strictObject({ contractId: id }),
    handler: ({ tx, session, req, body }) => archiveContract({ tx, session, ip: req.ip }, body.contractId),
  }),
];
