import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, BusinessError } from '../../platform/errors.ts';
import { extensionOf, safeFileName, type FileKey, type FileStore } from '../../platform/files/index.ts';
import { BIZ, contentMatches, DEFAULT_BIZ, MAX_FILE_BYTES, MAX_FILES, MSG_COUNT, MSG_SIZE, MSG_TYPE, typeAllowed } from './upload-rules.ts';

/** @fastify/multipart limits: busboy cuts a file off at the size limit and stops at the count limit. */
export const multipartLimits = {
  fileSize: MAX_FILE_BYTES,
  files: MAX_FILES,
  fields: 5,
  fieldSize: 1024,
  parts: 20,
  headerPairs: 50,
};

interface Received {
  biz: string;
  files: Array<{ name: string; data: Buffer }>;
}

/**
 * Reads the whole form before anything is stored, so a refusal (type, size, count) leaves no
 * file behind. Files are held in memory: at most 5 × 5 MB per request, bounded by the limits.
 */
export async function receiveUpload(req: FastifyRequest): Promise<Received> {
  if (!req.isMultipart()) throw badRequest('参数错误 body.file: 请以 multipart/form-data 上传文件');
  const out: Received = { biz: DEFAULT_BIZ, files: [] };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'biz') throw badRequest(`参数错误 body.${part.fieldname}: 不支持的字段`);
        const biz = String(part.value);
        if (!BIZ.test(biz)) throw badRequest('参数错误 body.biz: 只能由字母、数字和下划线组成（最多50个字符）');
        out.biz = biz;
        continue;
      }
      if (part.fieldname !== 'file') throw badRequest(`参数错误 body.${part.fieldname}: 文件字段须为 file`);
      // a browser sends an empty, nameless part for a file input left empty
      if (!part.filename) {
        await part.toBuffer();
        continue;
      }
      const name = safeFileName(part.filename);
      const ext = extensionOf(name);
      if (!typeAllowed(ext)) throw new BusinessError(MSG_TYPE);
      const data = await part.toBuffer();
      if (!contentMatches(ext, data)) throw new BusinessError(MSG_TYPE);
      out.files.push({ name, data });
    }
  } catch (err) {
    throw asInputError(err);
  }
  if (!out.files.length) throw badRequest('参数错误 body.file: 请选择要上传的文件');
  return out;
}

/** Everything that goes wrong while parsing the form is the client's input, never a 500. */
function asInputError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return new BusinessError(MSG_COUNT);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new BusinessError(MSG_SIZE);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return badRequest('参数错误 body: 表单字段过多');
  return badRequest(`参数错误 body: 上传内容格式不正确 (${(err as Error).message})`);
}

/**
 * Stores the files as `<biz>/<yyyy>/<MM>/<random>_<name>` in the tenant's upload area and
 * returns the comma-joined relative names. All or nothing: a failed write removes the earlier ones.
 */
export async function storeUpload(store: FileStore, tenantId: number, { biz, files }: Received): Promise<string> {
  const now = new Date();
  const dir = `${biz}/${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}`;
  const done: FileKey[] = [];
  try {
    for (const f of files) {
      const key: FileKey = { tenantId, area: 'upload', path: `${dir}/${crypto.randomBytes(8).toString('hex')}_${f.name}` };
      await store.put(key, f.data);
      done.push(key);
    }
  } catch (err) {
    await Promise.allSettled(done.map((k) => store.delete(k)));
    throw err;
  }
  return done.map((k) => k.path).join(',');
}

/** The name a stored upload was given by its owner (the random prefix removed). */
export const originalName = (rel: string) => (rel.split('/').pop() ?? rel).replace(/^[0-9a-f]{16}_/, '');
