/**
 * One error path (ARCHITECTURE §6). Handlers throw these; the app's error handler turns them
 * into the envelope. Business refusals travel as HTTP 200 with a non-200 code.
 */
export class AppError extends Error {
  constructor(
    public readonly httpStatus: number,
    public readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A business refusal: HTTP 200, {code, data: {message}}. */
export class BusinessError extends AppError {
  constructor(message: string, code = 500) {
    super(200, code, message);
  }
}

export const badRequest = (message: string) => new AppError(400, 400, message);
export const forbidden = (message = '没有权限执行该操作') => new AppError(403, 403, message);
export const notFound = (message = '查找不到数据') => new AppError(404, 404, message);
export const unauthorized = (message = '未登录或登录已过期') => new AppError(401, 401, message);

/** Marker for an expired or unknown token: the reply is HTTP 500 with the bare body `loginOut`. */
export class LoginOutError extends Error {
  constructor() {
    super('loginOut');
  }
}
