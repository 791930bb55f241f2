import JSZip from 'jszip';
import { z } from 'zod';
import { defineRoute, Raw } from '../../platform/http/route.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { exportStamp } from '../../platform/crud/export.ts';
import { unsafePathReason, type FileStore } from '../../platform/files/index.ts';
import { originalName } from './upload.ts';

const MAX_FILES = 50;
const MAX_BYTES = 200 * 1024 * 1024;

/** A name once in the archive: the same original name twice becomes 名称(2).ext. */
function uniqueEntry(taken: Set<string>, name: string): string {
  let entry = name;
  for (let i = 2; taken.has(entry); i++) entry = name.replace(/(\.[^.]*)?$/, (ext) => `(${i})${ext}`);
  taken.add(entry);
  return entry;
}

/**
 * Several uploaded files of the caller's company as one zip (issue 24), under their original names. Every path is
 * checked before the store is touched (400); a missing file (or another company's, never looked up) is 404 未知的文件;
 * more than 50 files or 200 MB together is refused.
 */
export async function zipOf(store: FileStore, tenantId: number, fileNames: string[]) {
  for (const p of fileNames) {
    const reason = unsafePathReason(p);
    if (reason) throw badRequest(`参数错误 body.fileNames: 文件路径${reason}`);
  }
  const zip = new JSZip();
  const taken = new Set<string>();
  let total = 0;
  for (const path of new Set(fileNames)) {
    const file = await store.read({ tenantId, area: 'upload', path });
    if (!file) throw notFound(`未知的文件: ${originalName(path)}`);
    total += file.length;
    if (total > MAX_BYTES) throw badRequest('打包文件总大小不能超过 200 MB');
    zip.file(uniqueEntry(taken, originalName(path)), file, { binary: true });
  }
  return zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

export const zipRoutes = [
  defineRoute({
    method: 'POST',
    url: '/common/downloadZip',
    invalidates: false,
    summary: "Several uploaded files of the caller's company as one zip named 附件MMddhhmmss.zip (at most 50 files, 200 MB)",
    tags: ['common'],
    access: 'user',
    body: z.strictObject({ fileNames: z.array(z.string().min(1).max(1000)).min(1, '请选择要下载的文件').max(MAX_FILES, `一次最多打包 ${MAX_FILES} 个文件`) }),
    handler: async ({ req, reply, session, body }) => {
      const stream = await zipOf(req.server.fileStore, session.tenantId, body.fileNames);
      const name = `附件${exportStamp()}.zip`;
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('download-filename', encodeURIComponent(name));
      return new Raw(stream);
    },
  }),
];
