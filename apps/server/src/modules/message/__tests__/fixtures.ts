import type { FastifyInstance } from 'fastify';
import WebSocketImpl from 'ws';
import type { Database } from '../../../platform/db/database.ts';
import { md5 } from '../../../platform/auth/password.ts';
import { createUser } from '../../system/tenant-provisioning.ts';
import { login, newTenant, uniqueName } from '../../../test-support/harness.ts';

/** A fresh company with its administrator and one more plain user, both signed in. */
export async function companyOfTwo(app: FastifyInstance, db: Database) {
  const admin = await newTenant(app, 'msg');
  const loginName = uniqueName('msgu');
  await db.system((tx) => createUser(tx, admin.tenantId, { loginName, passwordMd5: md5('abc123'), username: `用户${loginName}`, roleIds: [] }));
  const other = await login(app, loginName, 'abc123');
  return {
    tenantId: admin.tenantId,
    admin: { ...admin, userId: admin.data.user.id as number },
    other: { ...other, loginName, userId: other.data.user.id as number },
  };
}

export interface TestSocket {
  messages: string[];
  /** Resolves with the close code. */
  closed: Promise<number>;
  opened: Promise<void>;
  send(text: string): void;
  close(): void;
  /** The first message (already received or arriving within ms) that satisfies pred. */
  waitFor(pred: (m: string) => boolean, ms?: number): Promise<string>;
}

export function connect(url: string): TestSocket {
  const ws = new WebSocketImpl(url);
  const messages: string[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (d: Buffer) => {
    messages.push(d.toString());
    for (const w of waiters) w();
  });
  ws.on('error', () => {});
  const closed = new Promise<number>((resolve) => ws.on('close', (code: number) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    void closed.then((code) => reject(new Error(`closed before open: ${code}`)));
  });
  opened.catch(() => {});
  return {
    messages,
    closed,
    opened,
    send: (t) => ws.send(t),
    close: () => ws.close(),
    waitFor: (pred, ms = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const hit = messages.find(pred);
          if (hit === undefined) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${ms} ms; got ${JSON.stringify(messages)}`));
        }, ms);
        waiters.add(check);
        check();
      }),
  };
}
