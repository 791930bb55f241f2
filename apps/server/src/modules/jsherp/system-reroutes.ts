import type { Payload } from './request-adapters.ts';
import { searchOf } from './search-text.ts';

/**
 * jshERP's system, warehouse, account and partner screens' calls answered by routes of ours (issue 23):
 * 系统配置 (SystemConfigList.vue), 操作日志 (LogList.vue), the reports' 部门 filter, 仓库/账户's 设为默认, the
 * tenant form's role picker, 用户对应客户's customer list and the plugin screen's 启用/停用. Merged into adapters.ts's
 * REROUTES; each goes through our route's own validation, access and tenant scope.
 */
type Envelope = { code?: number; data?: unknown };
type Row = Record<string, unknown>;
type Reroute = (p: Payload) => {
  path: string;
  method?: 'GET' | 'POST' | 'PUT';
  query: Record<string, unknown>;
  body?: Record<string, unknown>;
  reply: (out: Envelope, ctx: { get: (url: string) => Promise<unknown> }) => unknown;
};

/** jshERP's switches are the strings '1'/'0'; ours are booleans. */
const flag = (v: unknown) => (v === true || v === '1' ? '1' : '0');
/**
 * Switches jshERP's client reads that we have under another name or not at all: ours by name, or what our
 * product does without a switch (several accounts on one document: always; the rest: not offered).
 */
const JSH_FLAGS: Record<string, string | ((c: Record<string, unknown>) => string)> = {
  overLinkBillFlag: (c) => flag(c.overLinkFlag),
  multiAccountFlag: '1',
  forceApprovalFlag: '0',
  multiBillType: '0',
  inOutManageFlag: '0',
  materialPriceTaxFlag: '0',
  zeroChangeAmountFlag: '0',
  auditPrintFlag: '0',
  updateUnitPriceFlag: '0',
  moveAvgPriceFlag: '0',
  customerStaticPriceFlag: '0',
};

/** /systemConfig/getCurrentInfo as jshERP's client reads it: every switch as '1'/'0', its own switch names beside ours. */
export const jshConfig = (out: Envelope) => {
  const c = (out.data ?? {}) as Record<string, unknown>;
  const strings = Object.fromEntries(Object.entries(c).map(([k, v]) => [k, typeof v === 'boolean' ? flag(v) : v]));
  const extra = Object.fromEntries(Object.entries(JSH_FLAGS).map(([k, v]) => [k, typeof v === 'function' ? v(c) : v]));
  return { ...out, data: { ...strings, ...extra } };
};

const bare = (out: Envelope) => out.data;
const given = (o: Row, pairs: Array<[string, string]>) =>
  Object.fromEntries(pairs.filter(([from]) => o[from] !== undefined && o[from] !== null && o[from] !== '').map(([from, to]) => [to, o[from]]));

/** 设为默认 (DepotList.vue, AccountList.vue): our update of that one flag, which clears it on the others (an exclusive flag). */
const setDefault =
  (entity: 'depot' | 'account'): Reroute =>
  ({ body }) => ({ path: `/${entity}/update`, method: 'PUT', query: {}, body: { id: body.id, isDefault: true }, reply: (out) => out });

/** PluginList.vue's 启用/停用 (`/plugin/start/{pluginId}`, `/plugin/stop/{pluginId}`): our switch of the plugin for the company. */
const pluginSwitch =
  (enabled: boolean): Reroute =>
  ({ query }) => ({ path: '/plugin/setStatus', method: 'POST', query: {}, body: { code: query.pluginId, enabled }, reply: (out) => out });

/** jshERP's plugin ids that are plugins of ours under another code (its 生产 is our 生产管理). */
const PLUGIN_CODES: Record<string, string> = { produce: 'manufacture' };

export const SYSTEM_REROUTES: Record<string, Reroute> = {
  // SystemConfigList.vue reads the company's one configuration row as the first row of a list
  'GET /systemConfig/list': () => ({
    path: '/systemConfig/getCurrentInfo',
    query: {},
    reply: async (out, { get }) => {
      const shaped = jshConfig(out);
      // its screen shows the switches only for a stored row (record.id): the company's one row, named by the company
      const me = (await get('/user/infoWithTenant')) as { tenantId?: number } | null;
      return { ...shaped, data: { rows: [{ ...(shaped.data as Row), id: me?.tenantId ?? null }], total: 1 } };
    },
  }),
  // LogList.vue: our operation log; its 操作员 (userInfo) is the login name, its dates ours; its 操作模块 column is
  // our entity, 操作详情 our operation and what was written, 操作IP our ip
  'GET /log/list': ({ query }) => ({
    path: '/sysLog/list',
    query: {
      ...given(query, [
        ['currentPage', 'currentPage'],
        ['pageSize', 'pageSize'],
      ]),
      ...given(searchOf(query), [
        ['userInfo', 'loginName'],
        ['beginTime', 'beginTime'],
        ['endTime', 'endTime'],
      ]),
    },
    reply: (out) => {
      const data = out.data as { rows?: Row[]; total?: number };
      const rows = (data.rows ?? []).map((r) => ({
        ...r,
        operation: r.entity,
        content: [r.operation, r.content].filter((x) => x !== null && x !== undefined && x !== '').join(' '),
        userName: r.loginName,
        clientIp: r.ip,
        createTimeStr: r.createTime,
      }));
      return { ...out, data: { rows, total: data.total ?? 0 } };
    },
  }),
  // LogList.vue asks who is signed in (tenantId 0 would be the platform's own manager)
  'GET /user/getUserSession': () => ({ path: '/user/infoWithTenant', query: {}, reply: (out) => ({ ...out, data: { user: out.data } }) }),
  // every report's 部门 filter (a tree select fed by a bare array of {id, key, value, title, children})
  'GET /organization/getAllOrganizationTreeByUser': () => ({ path: '/organization/getOrganizationTree', query: {}, reply: bare }),
  // TenantModal.vue's role picker: the company's enabled roles as a bare list
  'GET /role/tenantRoleList': () => ({ path: '/role/allList', query: {}, reply: bare }),
  // UserCustomerModal.vue: every enabled customer as {id, supplier} rows
  'GET /supplier/getAllCustomer': () => ({
    path: '/supplier/findBySelect_cus',
    query: {},
    reply: (out) => {
      const rows = (out.data as Row[]) ?? [];
      return { ...out, data: { rows, total: rows.length } };
    },
  }),
  // api/index.js's UserInfo (/user/info?id; no screen of 3.5 calls it): one user of the company as data.info, from our
  // user list (its access: 用户管理; another company's user is not in it)
  'GET /user/info': ({ query }) => ({
    path: '/user/getUserList',
    query: { pageSize: 10000 },
    reply: (out) => {
      const found = ((out.data as { rows?: Row[] }).rows ?? []).find((u) => String(u.id) === String(query.id ?? '').trim());
      return found ? { ...out, data: { info: found } } : { code: 500, data: { message: '用户不存在' } };
    },
  }),
  // FunctionTreeModal.vue (功能管理's 上级菜单 picker, the platform's): one entry as data.info, from our function list
  'GET /function/info': ({ query }) => ({
    path: '/function/list',
    query: {},
    reply: (out) => {
      const found = ((out.data as { rows?: Row[] }).rows ?? []).find((f) => String(f.id) === String(query.id ?? '').trim());
      return found ? { ...out, data: { info: found } } : { code: 500, data: { message: '功能不存在' } };
    },
  }),
  // UserCustomerModal.vue: the customers granted to a user (our UserCustomer assignment) as a bare id list, null for none
  'GET /supplier/getUserCustomerValue': ({ query }) => ({
    path: '/userBusiness/info',
    query: { type: query.UBType, keyId: query.UBKeyId },
    reply: (out) => ({ ...out, data: (out.data as { ids?: number[] } | null)?.ids ?? null }),
  }),
  // UserDepotModal.vue (用户对应仓库): one root 仓库列表 over the company's warehouses, those granted to the user checked
  'GET /depot/findUserDepot': ({ query }) => ({
    path: '/userBusiness/info',
    query: { type: query.UBType, keyId: query.UBKeyId },
    reply: async (out, { get }) => {
      const granted = new Set((out.data as { ids?: number[] } | null)?.ids ?? []);
      const depots = (((await get('/depot/list?pageSize=1000')) as { rows?: Row[] } | null)?.rows ?? []) as Row[];
      const children = depots.map((d) => ({
        id: d.id,
        key: d.id,
        value: d.id,
        title: d.name,
        attributes: d.name,
        ...(granted.has(Number(d.id)) ? { checked: true } : {}),
      }));
      return [{ id: 0, key: 0, value: 0, title: '仓库列表', attributes: '仓库列表', children }];
    },
  }),
  'POST /depot/updateIsDefault': setDefault('depot'),
  'POST /account/updateIsDefault': setDefault('account'),
  // SystemConfigList.vue asks whether 多级审批 (workflow), 盘点 (stock-check) and 生产 (produce) are installed to offer
  // their switches and bill types: true when one of the ids names a plugin of ours switched on for the company
  'GET /plugin/checkByPluginId': ({ query }) => {
    const ids = String(query.pluginIds ?? '')
      .split(',')
      .map((id) => PLUGIN_CODES[id.trim()] ?? id.trim());
    return {
      path: '/plugin/list',
      query: {},
      reply: (out) => ({ ...out, data: ((out.data as { rows?: Row[] }).rows ?? []).some((p) => p.enabled === true && ids.includes(String(p.code))) }),
    };
  },
  'POST /plugin/start/:pluginId': pluginSwitch(true),
  'POST /plugin/stop/:pluginId': pluginSwitch(false),
  // FunctionModal.vue's 名称 check (the platform's 功能管理): another entry of that exact name
  'GET /function/checkIsNameExist': ({ query }) => ({
    path: '/function/list',
    query: { name: query.name ?? '' },
    reply: (out) => {
      const name = String(query.name ?? '').trim();
      const rows = (out.data as { rows?: Row[] }).rows ?? [];
      return { ...out, data: { status: rows.some((f) => f.name === name && String(f.id) !== String(query.id ?? '0').trim()) } };
    },
  }),
  // api.js's checkSystemConfig (公司名称; no screen of 3.5 calls it): the company has one configuration row, so no other row can hold the name
  'GET /systemConfig/checkIsNameExist': () => ({ path: '/systemConfig/getCurrentInfo', query: {}, reply: (out) => ({ ...out, data: { status: false } }) }),
  // DepotUserModal.vue / CustomerUserModal.vue (仓库/客户 分配用户): one root 用户列表 over the company's users, those
  // whose UserDepot / UserCustomer assignment holds the warehouse (customer) checked; saved by updateOneValueByKeyIdAndType
  'GET /user/getUserWithChecked': ({ query }) => ({
    path: '/userBusiness/usersWithValue',
    query: { type: query.UBType, value: query.UBValue },
    reply: (out) => {
      const users = (out.data as Row[] | null) ?? [];
      const children = users.map((u) => ({
        id: u.id,
        key: u.id,
        value: u.id,
        title: `${String(u.loginName)}(${String(u.username ?? '')})`,
        attributes: u.loginName,
        ...(u.checked === true ? { checked: true } : {}),
      }));
      return [{ id: 0, key: 0, value: 0, title: '用户列表', attributes: '用户列表', children }];
    },
  }),
  'POST /userBusiness/updateOneValueByKeyIdAndType': ({ body }) => ({
    path: '/userBusiness/setOneValue',
    method: 'POST',
    query: {},
    // its tree's root (key 0) is among the checked keys when every user is
    body: { type: body.type, value: body.oneValue, keyIds: Array.isArray(body.keyIds) ? body.keyIds.filter((k) => String(k) !== '0') : body.keyIds },
    reply: (out) => out,
  }),
  // PluginModal.vue / PluginAppModal.vue (the platform's 激活码): our platform setting by key, platform administrator only
  'POST /platformConfig/updatePlatformConfigByKey': ({ body }) => ({
    path: '/platformConfig/update',
    method: 'PUT',
    query: {},
    body: { platformKey: body.platformKey, platformValue: body.platformValue },
    reply: (out) => out,
  }),
  // QuickEditModal.vue (快捷编辑备注) sends the whole list row with its remark: our remark-only change
  'PUT /depotHead/quickEdit': ({ body }) => ({
    path: '/depotHead/updateRemark',
    method: 'PUT',
    query: {},
    body: { id: body.id, remark: body.remark ?? null },
    reply: (out) => out,
  }),
};
