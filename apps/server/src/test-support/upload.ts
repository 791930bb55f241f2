import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Small files that pass the upload route's content check for their type. */
export const SAMPLE = {
  pdf: (text = 'sample') => Buffer.from(`%PDF-1.4\n% ${text}\ntrailer <<>>\n%%EOF\n`),
  png: () =>
    Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2a1e1b80000000049454e44ae426082',
      'hex',
    ),
};

/** One file through POST /common/uploadMinio as the forms send it; the route's whole reply (fileName on success). */
export async function uploadFile(app: FastifyInstance, token: string, name: string, data: Buffer, biz?: string) {
  const boundary = `----erp${crypto.randomBytes(8).toString('hex')}`;
  const field = biz ? `--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\n${biz}\r\n` : '';
  const payload = Buffer.concat([
    Buffer.from(`${field}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/common/uploadMinio',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-access-token': token },
    payload,
  });
  const body = res.json() as { code: number; data: { fileName?: string; message?: string } };
  if (body.code !== 200) throw new Error(`upload ${name}: ${res.body}`);
  return body.data.fileName!;
}

/** A stored upload of the company through GET /common/download: status and bytes. */
export async function download(app: FastifyInstance, token: string, fileName: string) {
  const res = await app.inject({ method: 'GET', url: `/api/common/download?fileName=${encodeURIComponent(fileName)}`, headers: { 'x-access-token': token } });
  return { status: res.statusCode, body: res.rawPayload, json: () => res.json() as { code: number; data: { message: string } } };
}
