import type { Database } from '../../platform/db/database.ts';
import { JSHERP_VIEWS } from './views.ts';

/**
 * Where jshERP's client means or reads something else than our own client, per route of ours (method and url).
 * Everything not named here passes as it is: our {code, data} envelope is jshERP's too.
 */
type Payload = { query: Record<string, unknown>; body: Record<string, unknown> };
type Envelope = { code?: number; data?: unknown };
type ReplyCtx = Payload & { db: Database };

// message status: jshERP 1 unread, 2 read; ours 0 unread, 1 read, 2 read from the bell
const toOurStatus = (v: unknown) => (String(v) === '1' ? 0 : String(v) === '2' ? 1 : v);
const toJshStatus = (v: unknown) => (Number(v) === 0 ? '1' : '2');

export const REQUEST_ADAPTERS: Record<string, (p: Payload) => Payload> = {
  'POST /msg/getMsgByStatus': ({ query, body }) => ({ query, body: { ...body, status: toOurStatus(body.status) } }),
  'POST /msg/batchUpdateStatus': ({ query, body }) => ({ query, body: { ...body, status: toOurStatus(body.status) } }),
};

interface OurMenu {
  id: number;
  text: string;
  icon: string | null;
  url: string;
  children?: OurMenu[];
}
interface JshMenu {
  id: number;
  text: string;
  icon: string | null;
  url: string;
  component: string;
  children?: JshMenu[];
}

/** Our menu tree as jshERP's client builds its routes from: its view files as components, entries it has no view for left out. */
export function jshMenu(tree: OurMenu[]): JshMenu[] {
  return tree.flatMap((m): JshMenu[] => {
    if (m.children?.length) {
      const children = jshMenu(m.children);
      return children.length ? [{ id: m.id, text: m.text, icon: m.icon, url: m.url, component: '/layouts/TabLayout', children }] : [];
    }
    const view = JSHERP_VIEWS[m.url];
    return view ? [{ id: m.id, text: m.text, icon: m.icon, url: m.url, component: view }] : [];
  });
}

const HOME: JshMenu = { id: 0, text: '首页', icon: 'home', url: '/dashboard/analysis', component: '/layouts/TabLayout' };

export const REPLY_ADAPTERS: Record<string, (out: Envelope, ctx: ReplyCtx) => unknown> = {
  // read as a bare array, with the home entry first for the whole tree
  'POST /function/findMenuByPNumber': (out, { body }) => {
    const menu = jshMenu(out.data as OurMenu[]);
    return String(body.pNumber ?? '0') === '0' && menu.length ? [HOME, ...menu] : menu;
  },
  'POST /msg/getMsgByStatus': (out) => ({ ...out, data: (out.data as Array<{ status: unknown }>).map((m) => ({ ...m, status: toJshStatus(m.status) })) }),
  // the renewal warning compares the company's users with its limit
  'GET /user/infoWithTenant': async (out, { db }) => {
    const user = out.data as { tenantId: number };
    const seats = await db.tenant(user.tenantId, (tx) =>
      tx.one<{ used: number; limit: number }>(
        `select (select count(*)::int from sys_user u where u.tenant_id = t.id and not u.delete_flag) as used, t.user_limit as limit
           from tenant t where t.id = $1`,
        [user.tenantId],
      ),
    );
    return { ...out, data: { ...user, userCurrentNum: seats?.used ?? 0, userNumLimit: seats?.limit ?? 0 } };
  },
};
