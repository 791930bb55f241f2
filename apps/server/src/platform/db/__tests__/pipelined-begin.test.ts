import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, newTenant, testApp } from '../../../test-support/harness.ts';
import { openPostgres } from '../postgres.ts';
import type { Database } from '../database.ts';

/**
 * The transaction's `begin` and tenant preamble leave with its first statement, in one write (platform/db/postgres.ts,
 * issue 13): a transaction of one statement costs two writes to PostgreSQL (begin + statement, commit), not three.
 * The statement still runs inside the transaction, in the company's scope, and a failure leaves nothing written.
 */
describe.skipIf(ENGINE !== 'postgres')('begin pipelined with the first statement (PostgreSQL)', async () => {
  // set up in beforeAll: a skipped suite's body still runs when collected (on PGlite there is no server to open)
  let t: Awaited<ReturnType<typeof newTenant>>;
  let db: Database;
  beforeAll(async () => {
    t = await newTenant((await testApp()).app, 'pipe');
    db = await openPostgres(process.env.DATABASE_URL!);
  });
  afterAll(() => db?.close());

  /** Writes to any socket while fn runs (nothing else in this file talks to a socket meanwhile). */
  const writesOf = async <T>(fn: () => Promise<T>): Promise<{ out: T; writes: number }> => {
    const proto = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => unknown>;
    const { _write, _writev } = proto;
    let writes = 0;
    proto._write = function (this: unknown, ...a: unknown[]) {
      writes++;
      return _write.apply(this, a);
    };
    proto._writev = function (this: unknown, ...a: unknown[]) {
      writes++;
      return _writev.apply(this, a);
    };
    try {
      return { out: await fn(), writes };
    } finally {
      Object.assign(proto, { _write, _writev });
    }
  };

  it('sends begin, preamble and the first statement in one write, and runs it in the transaction and scope', async () => {
    await db.tenant(t.tenantId, (tx) => tx.one('select 1')); // a connection made and warm
    const { out, writes } = await writesOf(() =>
      db.tenant(t.tenantId, (tx) =>
        // set_config(…, true) of the preamble holds only inside its transaction: seen here, the statement ran in it
        tx.one<{ tenant: string; role: string }>(`select current_setting('app.tenant_id') as tenant, current_user as role`),
      ),
    );
    expect(out).toEqual({ tenant: String(t.tenantId), role: 'erp_app' });
    expect(writes).toBe(2);
  });

  it('writes nothing when a later statement fails, and the next transaction on the connection is clean', async () => {
    const name = `pipe-${Date.now()}`;
    await expect(
      db.tenant(t.tenantId, async (tx) => {
        await tx.query('insert into depot(tenant_id, name) values ($1, $2)', [t.tenantId, name]);
        await tx.query('select 1 / 0');
      }),
    ).rejects.toThrow(/division by zero/);
    const rows = await db.tenant(t.tenantId, (tx) => tx.query('select id from depot where tenant_id = $1 and name = $2', [t.tenantId, name]));
    expect(rows).toEqual([]);
  });

  it('refuses a first statement that fails and writes nothing of a statement issued with it', async () => {
    await expect(
      db.tenant(t.tenantId, (tx) =>
        Promise.all([tx.query('select 1 / 0'), tx.query('insert into depot(tenant_id, name) values ($1, $2)', [t.tenantId, 'never'])]),
      ),
    ).rejects.toThrow(/division by zero/);
    const rows = await db.tenant(t.tenantId, (tx) => tx.query(`select id from depot where tenant_id = $1 and name = 'never'`, [t.tenantId]));
    expect(rows).toEqual([]);
  });

  // Tx.oneAndCommit (issue 13): a save's last statement with its commit behind it, one round trip
  it('sends the last statement with its commit: one write for a whole transaction, and the row committed', async () => {
    await db.tenant(t.tenantId, (tx) => tx.one('select 1'));
    const name = `last-${Date.now()}`;
    const { out, writes } = await writesOf(() =>
      db.tenant(t.tenantId, (tx) => tx.oneAndCommit!<{ id: number }>('insert into depot(tenant_id, name) values ($1, $2) returning id', [t.tenantId, name])),
    );
    expect(writes).toBe(1);
    const rows = await db.tenant(t.tenantId, (tx) => tx.query<{ id: number }>('select id from depot where tenant_id = $1 and name = $2', [t.tenantId, name]));
    expect(rows).toEqual([{ id: out!.id }]);
  });

  it('commits nothing when the last statement refuses (erp_refuse), and the refusal is the error thrown', async () => {
    const name = `refused-${Date.now()}`;
    const err = await db
      .tenant(t.tenantId, async (tx) => {
        await tx.query('insert into depot(tenant_id, name) values ($1, $2)', [t.tenantId, name]);
        return tx.oneAndCommit!(`select erp_refuse('ERTST', 'no')`);
      })
      .catch((e: { code?: string; message: string }) => e);
    expect(err).toMatchObject({ code: 'ERTST', message: 'no' });
    const rows = await db.tenant(t.tenantId, (tx) => tx.query('select id from depot where tenant_id = $1 and name = $2', [t.tenantId, name]));
    expect(rows).toEqual([]);
    // the connection is clean for the next transaction
    expect(await db.tenant(t.tenantId, (tx) => tx.one<{ one: number }>('select 1 as one'))).toEqual({ one: 1 });
  });

  it('refuses a statement after the commit was sent', async () => {
    await expect(
      db.tenant(t.tenantId, async (tx) => {
        await tx.oneAndCommit!('select 1');
        await tx.query('select 2');
      }),
    ).rejects.toThrow(/after the transaction's commit/);
  });
});
