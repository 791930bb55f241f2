import { badRequest } from '../../platform/errors.ts';

/**
 * jshERP's 角色管理 (RoleList.vue): 分配功能 (RoleFunctionModal.vue: the function tree with the role's menus checked,
 * saved as a RoleFunctions assignment through /userBusiness/add|update) and 分配按钮 (RolePushBtnModal.vue: the
 * role's menus with their buttons, saved by /userBusiness/updateBtnStr), answered by our /role/getGrants and
 * /role/setGrants: the role must be the company's, the menus grantable to it, the buttons offered by the menu.
 * FunctionTreeModal.vue (the platform's 功能管理) reads the same tree. Merged into adapters.ts's REROUTES.
 */
type Envelope = { code?: number; data?: unknown };
type Payload = { query: Record<string, unknown>; body: Record<string, unknown> };
/** request-adapters.ts's context: GET one of our routes as the caller, null when it refuses */
type RequestCtx = { get: (url: string) => Promise<unknown> };
type Reroute = (p: Payload) =>
  | {
      path: string;
      method?: 'GET' | 'POST' | 'PUT';
      query: Record<string, unknown>;
      body?: Record<string, unknown>;
      reply: (out: Envelope) => unknown;
    }
  | undefined;
/** One grantable function of ours with the role's buttons (btnStr null: not granted). */
interface Fn {
  functionId: number;
  number: string;
  parentNumber: string | null;
  text: string;
  pushBtn: string | null;
  btnStr: string | null;
}

const fns = (out: Envelope) => (Array.isArray(out.data) ? (out.data as Fn[]) : []);
const hasChildren = (all: Fn[]) => new Set(all.map((f) => f.parentNumber));

/** jshERP's tree under one root 功能列表: {id, key, value, title, attributes, children}; a leaf is `checked` when granted. */
function functionTree(all: Fn[]) {
  const parents = hasChildren(all);
  const numbers = new Set(all.map((f) => f.number));
  const node = (f: Fn): Record<string, unknown> => {
    const base = { id: f.functionId, key: f.functionId, value: f.functionId, title: f.text, attributes: f.text };
    if (!parents.has(f.number)) return { ...base, checked: f.btnStr !== null };
    return { ...base, children: all.filter((c) => c.parentNumber === f.number).map(node) };
  };
  const roots = all.filter((f) => !f.parentNumber || f.parentNumber === '0' || !numbers.has(f.parentNumber));
  return [{ id: 0, key: 0, value: 0, title: '功能列表', attributes: '功能列表', children: roots.map(node) }];
}

/** The ids jshERP sends: an array of keys (its tree's), or its "[1][2]" text. */
const idsOf = (v: unknown): unknown[] => {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string' && /^(\[\d{1,15}\]){0,2000}$/.test(v)) return [...v.matchAll(/\d{1,15}/g)].map((m) => Number(m[0]));
  // anything else is sent on as one id, for our schema to refuse (never read as "no menus")
  return [v];
};

/** A RoleFunctions assignment (分配功能's save) as our /role/setGrants; the buttons held are kept by the request adapter. */
const roleFunctions: Reroute = ({ body }) =>
  body.type === 'RoleFunctions'
    ? {
        path: '/role/setGrants',
        method: 'POST',
        query: {},
        body: { roleId: body.keyId, jshMenus: idsOf(body.value).filter((id) => String(id) !== '0') },
        reply: (out) => out,
      }
    : undefined;

export const ROLE_REROUTES: Record<string, Reroute> = {
  'GET /function/findRoleFunction': ({ query }) => ({
    path: '/role/getGrants',
    query: { id: query.UBKeyId },
    reply: (out) => functionTree(fns(out)),
  }),
  // 分配按钮's table: the role's granted menus (leaves) with the buttons each offers and holds
  'GET /function/findRoleFunctionsById': ({ query }) => ({
    path: '/role/getGrants',
    query: { id: query.roleId },
    reply: (out) => {
      const all = fns(out);
      const parents = hasChildren(all);
      const rows = all
        .filter((f) => f.btnStr !== null && !parents.has(f.number))
        .map((f) => ({ id: f.functionId, name: f.text, pushBtn: f.pushBtn ?? '', btnStr: f.btnStr || null }));
      return { ...out, data: { rows, total: rows.length } };
    },
  }),
  'POST /userBusiness/updateBtnStr': ({ body }) => ({
    path: '/role/setGrants',
    method: 'POST',
    query: {},
    body: { roleId: body.roleId, jshBtnStr: body.btnStr ?? '' },
    reply: (out) => out,
  }),
  // 分配功能 asks whether the role has an assignment to update: ours are always replaced whole, so it adds
  'GET /userBusiness/checkIsValueExist': ({ query }) =>
    query.type === 'RoleFunctions' ? { path: '/role/getGrants', query: { id: query.keyId }, reply: (out) => ({ ...out, data: { id: null } }) } : undefined,
  'POST /userBusiness/add': roleFunctions,
  'PUT /userBusiness/update': roleFunctions,
};

/**
 * /role/setGrants from jshERP's two saves, reading the role's grants as the caller: 分配功能 (jshMenus) keeps the
 * buttons held on menus that stay granted; 分配按钮 (jshBtnStr, its JSON text [{funId, btnStr}]) keeps the menus and
 * replaces every menu's buttons (a menu it leaves out holds none, as in jshERP). Anything else is sent as it came.
 */
export async function ourRoleGrants({ query, body }: Payload, { get }: RequestCtx): Promise<Payload> {
  if (body.jshMenus === undefined && body.jshBtnStr === undefined) return { query, body };
  const roleId = String(body.roleId ?? '');
  const held = /^\d{1,15}$/.test(roleId) ? ((await get(`/role/getGrants?id=${roleId}`)) as Fn[] | null) : null;
  // a role not the company's (or not an id): sent on for our route to refuse in its words
  if (!held) return { query, body: { roleId: body.roleId, grants: [] } };
  const granted = new Map(held.filter((f) => f.btnStr !== null).map((f) => [f.functionId, f.btnStr ?? '']));
  if (Array.isArray(body.jshMenus)) {
    const grants = body.jshMenus.map((id) => ({ functionId: id, btnStr: granted.get(Number(id)) ?? '' }));
    return { query, body: { roleId: body.roleId, grants } };
  }
  let sent: unknown;
  try {
    sent = body.jshBtnStr === '' ? [] : JSON.parse(String(body.jshBtnStr));
  } catch {
    sent = undefined;
  }
  if (!Array.isArray(sent)) throw badRequest('参数错误 btnStr: 须为 [{funId, btnStr}] 形式的JSON');
  const buttons = new Map(sent.filter((b): b is Record<string, unknown> => !!b && typeof b === 'object').map((b) => [Number(b.funId), String(b.btnStr ?? '')]));
  const grants = [...granted.keys()].map((id) => ({ functionId: id, btnStr: buttons.get(id) ?? '' }));
  return { query, body: { roleId: body.roleId, grants } };
}
