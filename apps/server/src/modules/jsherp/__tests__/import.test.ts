import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import { testApp, uniqueName, login } from '../../../test-support/harness.ts';
import { importJshErp, TENANT_EXISTS, type ImportReport } from '../index.ts';
import { FIXTURE, loadFixture } from './jsh-fixture.ts';

/** What each replayed jshERP document type does to stock (the test's own reading of jshERP's types). */
const EFFECT: Record<string, 1 | -1 | 'transfer'> = { '入库/采购': 1, '出库/销售': -1, '入库/其它': 1, '出库/其它': -1, '出库/调拨': 'transfer' };

type Row = Record<string, any>;
const rows = (t: string) => FIXTURE[t].rows as Row[];
const live = (t: string) => rows(t).filter((r) => r.delete_flag !== '1');
const liveMaterials = new Set(
  live('jsh_material')
    .filter((m) => m.category_id !== 3)
    .map((m) => m.id),
);
const itemsOf = (h: Row) => live('jsh_depot_item').filter((i) => i.header_id === h.id);
/** The documents jshERP's own data says count: not deleted, of a known type, every line a known material. */
const ORDERS = new Set(['其它/采购订单']);
const orders = live('jsh_depot_head').filter((h) => ORDERS.has(`${h.type}/${h.sub_type}`));
const counted = live('jsh_depot_head').filter((h) => EFFECT[`${h.type}/${h.sub_type}`] && itemsOf(h).every((i) => liveMaterials.has(i.material_id)));
/** Finance documents that count: every bill they settle counts. Money in (收款, 收入) is +1 to the account. */
const MONEY_IN: Record<string, 1 | -1> = { 收款: 1, 收入: 1, 付款: -1, 支出: -1 };
const finLines = (h: Row) => live('jsh_account_item').filter((i) => i.header_id === h.id);
const countedFin = live('jsh_account_head').filter((h) => finLines(h).every((i) => !i.bill_id || counted.some((d) => d.id === i.bill_id)));

describe('import from a jshERP database', () => {
  let app: FastifyInstance;
  let db: Database;
  let fixture: Awaited<ReturnType<typeof loadFixture>>;
  let report: ImportReport;
  const tenantName = uniqueName('jsh导入');

  beforeAll(async () => {
    // no skip: an unreachable MariaDB fails the suite (CI runs one on 127.0.0.1:3306)
    fixture = await loadFixture();
    ({ app, db } = await testApp());
    report = await importJshErp(app, db, { mysqlUrl: fixture.url, tenantName, apiBase: '/api' });
  }, 120_000);
  afterAll(async () => {
    await fixture?.drop();
  });

  const q = <T = Row>(sql: string, params: unknown[]) => db.system((tx) => tx.query<T>(sql, [report.tenant.id, ...params]));
  const idOf = async (table: string, name: string) => (await q<{ id: number }>(`select id from ${table} where tenant_id = $1 and name = $2`, [name]))[0]?.id;

  it('creates the company with the master data and reports what it skipped', async () => {
    const k = report.kinds;
    expect(k.units.imported).toBe(2);
    const cfg = rows('jsh_system_config')[0];
    const [ours] = await q('select company_tel, company_contacts, minus_stock_flag, over_link_flag from system_config where tenant_id = $1', []);
    expect(ours).toEqual({
      company_tel: cfg.company_tel,
      company_contacts: cfg.company_contacts,
      minus_stock_flag: cfg.minus_stock_flag === '1',
      over_link_flag: cfg.over_link_bill_flag === '1',
    });
    expect(k.categories.imported).toBe(2);
    expect(k.categories.skipped.map((s) => s.id)).toEqual([3]);
    expect(k.depots.imported).toBe(2);
    expect(k.depots.skipped).toEqual([{ id: 16, reason: '已在 jshERP 中删除' }]);
    expect([k.persons.imported, k.accounts.imported, k.partners.imported]).toEqual([1, 2, 3]);
    expect(k.materials.imported).toBe(2);
    // disabled in jshERP: disabled here too, after the documents that name it were saved
    const enabled = await q<{ name: string; enabled: boolean }>('select name, enabled from settlement_account where tenant_id = $1', []);
    expect(enabled.sort((x, y) => x.name.localeCompare(y.name))).toEqual(
      live('jsh_account')
        .map((a) => ({ name: a.name, enabled: a.enabled === 1 }))
        .sort((x, y) => x.name.localeCompare(y.name)),
    );
    expect(k.materials.skipped.map((s) => s.id).sort()).toEqual([570, 571]);
    // the new administrator signs in with the password the report gives
    const admin = await login(app, report.tenant.adminLoginName, report.tenant.adminPassword);
    const list = await admin.api.get('/material/list?currentPage=1&pageSize=10');
    expect(
      list.body.data.rows.find((r: Row) => r.name === '橙汁'),
      list.text,
    ).toMatchObject({ standard: '500ml', unitName: expect.stringContaining('瓶') });
    const ext = await q(
      'select bar_code, commodity_unit, purchase_decimal::float8 p, wholesale_decimal::float8 w from material_extend where tenant_id = $1 order by bar_code',
      [],
    );
    const want = live('jsh_material_extend').filter((e) => liveMaterials.has(e.material_id));
    expect(ext).toEqual(
      want
        .map((e) => ({ bar_code: e.bar_code, commodity_unit: e.commodity_unit, p: e.purchase_decimal, w: e.wholesale_decimal }))
        .sort((a, b) => a.bar_code.localeCompare(b.bar_code)),
    );
  });

  it('replays the documents: stock per material and warehouse is what the jshERP rows say', async () => {
    const skippedDocs = report.kinds.documents.skipped.map((s) => String(s.id).split(' ')[0]).sort();
    const expectedSkipped = rows('jsh_depot_head')
      .filter((h) => !counted.includes(h) && !orders.includes(h))
      .map((h) => String(h.id))
      .sort();
    expect(skippedDocs).toEqual(expectedSkipped);
    expect(report.kinds.documents.imported).toBe(counted.length + orders.length);
    // the order is fulfilled by the inbound that names it, as in jshERP (status 2: complete)
    for (const o of orders) {
      const [ours] = await q<{ status: string }>('select status from depot_head where tenant_id = $1 and remark like $2', [`jshERP ${o.number}%`]);
      expect(ours.status).toBe(o.status);
    }
    expect(report.kinds.documents.skipped.find((s) => String(s.id).startsWith('205'))?.reason).toContain('商品 999');
    // expected: opening stock plus every counted document's basic quantities
    const want = new Map<string, Decimal>();
    const add = (m: number, d: number, n: Decimal.Value) => want.set(`${m}/${d}`, (want.get(`${m}/${d}`) ?? new Decimal(0)).plus(n));
    for (const s of live('jsh_material_initial_stock')) add(s.material_id, s.depot_id, s.number);
    for (const h of counted) {
      const e = EFFECT[`${h.type}/${h.sub_type}`];
      for (const i of itemsOf(h)) {
        if (e === 'transfer') {
          add(i.material_id, i.depot_id, -i.basic_number);
          add(i.material_id, i.another_depot_id, i.basic_number);
        } else add(i.material_id, i.depot_id, e * i.basic_number);
      }
    }
    const names = (t: string) => new Map(rows(t).map((r) => [r.id, r.name]));
    const [mName, dName] = [names('jsh_material'), names('jsh_depot')];
    for (const [key, qty] of want) {
      const [m, d] = key.split('/').map(Number);
      const [ours] = await q<{ qty: string }>(
        'select coalesce(sum(qty), 0)::text as qty from stock_balance where tenant_id = $1 and material_id = $2 and depot_id = $3',
        [await idOf('material', mName.get(m)), await idOf('depot', dName.get(d))],
      );
      expect(new Decimal(ours.qty).toString(), `${mName.get(m)} in ${dName.get(d)}`).toBe(qty.toString());
    }
  });

  it('carries arrears and account balances over: what jshERP computed equals what our journal says', async () => {
    for (const p of live('jsh_supplier').filter((s) => s.type !== '会员')) {
      const supplier = p.type === '供应商';
      let owed = new Decimal((supplier ? p.begin_need_pay : p.begin_need_get) ?? 0);
      for (const h of counted.filter((x) => x.organ_id === p.id)) owed = owed.plus(Math.abs(h.total_price)).minus(Math.abs(h.change_amount));
      for (const h of countedFin.filter((x) => x.organ_id === p.id)) owed = owed.minus(Math.abs(h.change_amount));
      expect(owed.toString()).toBe(new Decimal((supplier ? p.all_need_pay : p.all_need_get) ?? 0).toString());
      const [ours] = await q<{ owed: string }>(
        `select (coalesce(p.${supplier ? 'begin_need_pay' : 'begin_need_get'}, 0) + $3 * coalesce((select sum(b.debit - b.credit) from fin_balance b
                   join fin_account a on a.tenant_id = b.tenant_id and a.id = b.account_id and a.by_partner
                  where b.tenant_id = p.tenant_id and b.partner_id = p.id), 0))::text as owed
           from partner p where p.tenant_id = $1 and p.name = $2`,
        [p.supplier, supplier ? -1 : 1],
      );
      expect(new Decimal(ours.owed).toString(), p.supplier).toBe(owed.toString());
    }
    for (const a of live('jsh_account')) {
      let balance = new Decimal(a.initial_amount);
      for (const h of counted) {
        // one account (account_id, change_amount) or several (account_id_list with account_money_list)
        const ids = h.account_id_list ? h.account_id_list.split(',').map(Number) : [h.account_id];
        const amounts = h.account_id_list ? h.account_money_list.split(',') : [h.change_amount];
        for (const [i, id] of ids.entries()) if (id === a.id) balance = balance.plus(new Decimal(amounts[i]).abs().times(h.type === '出库' ? 1 : -1));
      }
      for (const h of countedFin.filter((x) => x.account_id === a.id)) balance = balance.plus(new Decimal(h.change_amount).abs().times(MONEY_IN[h.type]));
      expect(balance.toString()).toBe(new Decimal(a.current_amount).toString());
      const [ours] = await q<{ v: string }>('select current_amount::text as v from settlement_account where tenant_id = $1 and name = $2', [a.name]);
      expect(new Decimal(ours.v).toString(), a.name).toBe(balance.toString());
    }
  });

  it('replays receipts and payments after the documents they settle; one naming a skipped document is skipped', async () => {
    expect(report.kinds.financeDocuments.imported).toBe(countedFin.length);
    const skippedFin = live('jsh_account_head').filter((h) => !countedFin.includes(h));
    expect(report.kinds.financeDocuments.skipped.map((s) => String(s.id))).toEqual(skippedFin.map((h) => `${h.id} ${h.bill_no}`));
    expect(report.kinds.financeDocuments.skipped[0].reason).toContain('单据 205 未导入');
    expect(report.kinds.inOutItems.imported).toBe(live('jsh_in_out_item').length);
  });

  it('imports roles with the grants our menus match, and users with random passwords (not jshERP’s MD5)', async () => {
    const k = report.kinds;
    expect(k.roles.imported).toBe(live('jsh_role').length);
    const fnIds = rows('jsh_user_business')[0].value.match(/\d+/g).map(Number);
    const unknown = rows('jsh_function').filter((f) => fnIds.includes(f.id) && f.url.startsWith('/plugin/'));
    expect(k.grants.imported).toBe(fnIds.length - unknown.length);
    expect(k.grants.skipped.map((x) => x.reason)).toEqual(unknown.map((f) => `菜单 ${f.url} 在本系统没有对应`));
    const admin = await login(app, report.tenant.adminLoginName, report.tenant.adminPassword);
    const roleId = await idOf('role', rows('jsh_role')[0].name);
    const grants = (await admin.api.get(`/role/getGrants?id=${roleId}`)).body.data as Row[];
    const btn = (url: string) => grants.find((g) => g.url === url)?.btnStr;
    // button 9 is not one the screen offers; the depot screen was granted without buttons
    expect([btn('/bill/purchase_in'), btn('/system/depot'), btn('/system/user')]).toEqual(['1,2', '', null]);
    const users = rows('jsh_user');
    const clerk = users.find((u) => u.id === 120)!;
    expect(k.users.imported).toBe(1);
    expect(k.users.skipped.map((x) => x.id).sort()).toEqual(
      users
        .filter((u) => u.id !== 120 && u.id !== 63)
        .map((u) => u.id)
        .sort(),
    );
    const pw = report.userPasswords.find((p) => p.loginName === clerk.login_name)!.password;
    await expect(login(app, clerk.login_name, '123456')).rejects.toThrow();
    const signedIn = await login(app, clerk.login_name, pw);
    expect((await signedIn.api.get('/depot/list?currentPage=1&pageSize=10')).body.data.total).toBe(live('jsh_depot').length);
    expect((await signedIn.api.get('/user/getUserList?currentPage=1&pageSize=10')).status).toBe(403);
  });

  it('refuses a second import into the same company name, writing nothing', async () => {
    const count = () => db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from tenant where name = $1', [tenantName]));
    await expect(importJshErp(app, db, { mysqlUrl: fixture.url, tenantName, apiBase: '/api' })).rejects.toThrow(TENANT_EXISTS(tenantName));
    expect((await count())!.n).toBe(1);
  });
});
