import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { authenticate, defineRoute, Raw } from '../../platform/http/route.ts';
import { checkAccess } from '../../platform/auth/access.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { contentTypeOf, unsafePathReason, type FileKey, type FileStore } from '../../platform/files/index.ts';
import { originalName, receiveUpload, storeUpload } from './upload.ts';

const tags = ['common'];

/** RFC 5987 value: encodeURIComponent leaves ' ( ) * ! unescaped, which the header syntax forbids. */
const rfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*!]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

/**
 * Answers one file of the caller's tenant as an attachment. The path is checked before the store
 * is touched (400); a missing file, or another tenant's (never looked up), is 404 未知的文件.
 */
export async function sendFile(store: FileStore, reply: FastifyReply, key: FileKey, field: string, deleteAfter = false) {
  const reason = unsafePathReason(key.path);
  if (reason) throw badRequest(`参数错误 query.${field}: 文件路径${reason}`);
  const file = await store.get(key);
  if (!file) throw notFound('未知的文件');
  const name = key.area === 'upload' ? originalName(key.path) : (key.path.split('/').pop() ?? key.path);
  reply
    .header('content-type', contentTypeOf(name))
    .header('content-length', file.size)
    .header('content-disposition', `attachment; filename*=UTF-8''${rfc5987(name)}`)
    .header('download-filename', encodeURIComponent(name))
    .header('x-content-type-options', 'nosniff');
  // only once the whole file went out (an interrupted download can be tried again), and never
  // for the HEAD route Fastify adds, which sends no file
  if (deleteAfter && reply.request.method === 'GET') {
    reply.raw.once('finish', () => {
      store.delete(key).catch((err) => reply.log.error({ err, key }, 'deleting a downloaded file failed'));
    });
  }
  // Raw: the wrapper sends the stream after the transaction has ended
  return new Raw(file.stream);
}

/** SPEC §7.3 / docs/api.md "Files". */
export const commonRoutes = [
  defineRoute({
    method: 'POST',
    url: '/common/uploadMinio',
    summary: 'Upload 1–5 files (multipart field file, optional biz folder); signed-in users; data.fileName = comma-joined relative names',
    tags,
    // 'public' only for the wrapper: the session is checked below in its own short transaction,
    // before the body is read, so a slow upload never holds a database transaction (PGlite has
    // one connection for the whole server)
    access: 'public',
    handler: async ({ db, req }) => {
      const session = await authenticate(db, req, async (s) => (checkAccess(s, 'user'), s));
      const received = await receiveUpload(req);
      return { fileName: await storeUpload(req.server.fileStore, session.tenantId, received) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/common/download',
    summary: "Download an uploaded file of the caller's company (delete=true removes it once sent)",
    tags,
    access: 'user',
    query: z.strictObject({ fileName: z.string().max(1000), delete: z.enum(['true', 'false']).optional() }),
    handler: async ({ req, reply, session, query }) =>
      sendFile(req.server.fileStore, reply, { tenantId: session.tenantId, area: 'upload', path: query.fileName }, 'fileName', query.delete === 'true'),
  }),
  defineRoute({
    method: 'GET',
    url: '/common/download/resource',
    summary: "Download a resource file (e.g. an import template) of the caller's company",
    tags,
    access: 'user',
    query: z.strictObject({ resource: z.string().max(1000) }),
    handler: async ({ req, reply, session, query }) =>
      sendFile(req.server.fileStore, reply, { tenantId: session.tenantId, area: 'resource', path: query.resource }, 'resource'),
  }),
];
