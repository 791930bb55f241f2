import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, LoginOutError } from '../errors.ts';

/** Postgres errors caused by the input rather than by us: answered as refusals, never 500. */
const PG_INPUT_ERRORS: Record<string, [number, string]> = {
  '23505': [200, '数据已存在，不能重复'],
  '23503': [400, '关联的数据不存在或仍被使用'],
  '23514': [400, '数据不符合约束条件'],
  '22P02': [400, '参数格式不正确'],
  '22003': [400, '数值超出范围'],
  '22001': [400, '文本超出长度限制'],
  '22007': [400, '日期格式不正确'],
  '22008': [400, '日期超出范围'],
  // concurrency: nothing was written, the same request may simply be sent again
  '40001': [200, '系统繁忙，请稍后重试'],
  '40P01': [200, '系统繁忙，请稍后重试'],
};

function validationMessage(err: FastifyError): string {
  const ctx = err.validationContext ?? 'body';
  const first = err.validation?.[0] as { instancePath?: string; message?: string; params?: { keys?: string[] } } | undefined;
  if (!first) return err.message;
  const field = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const keys = first.params?.keys;
  const where = keys?.length ? `${ctx}.${keys.join(',')}` : field ? `${ctx}.${field}` : ctx;
  return `参数错误 ${where}: ${first.message}`;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof LoginOutError) {
      return reply.status(500).type('text/plain; charset=utf-8').send('loginOut');
    }
    if (err instanceof AppError) {
      // a refusal travels as HTTP 200: past the route's reply schema, which describes its success only
      return reply
        .status(err.httpStatus)
        .serializer(JSON.stringify)
        .send({ code: err.code, data: { message: err.message } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.status(400).send({ code: 400, data: { message: validationMessage(err) } });
    }
    const pg = PG_INPUT_ERRORS[(err as { code?: string }).code ?? ''];
    if (pg) {
      req.log.info({ err }, 'input refused by the database');
      const [status, message] = pg;
      return reply.status(status).send({ code: status === 200 ? 500 : 400, data: { message } });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) {
      return reply.status(400).send({ code: 400, data: { message: '请求内容过大' } });
    }
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? '不支持的内容类型' : /JSON/i.test(err.message) ? `JSON格式错误: ${err.message}` : err.message;
      return reply.status(status === 404 ? 404 : 400).send({ code: status === 404 ? 404 : 400, data: { message } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: 500, data: { message: '服务器内部错误，请稍后再试' } });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ code: 404, data: { message: `接口不存在: ${req.method} ${req.url.split('?')[0]}` } });
  });
}
