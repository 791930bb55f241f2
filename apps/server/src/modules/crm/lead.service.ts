import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { now } from '../../platform/clock.ts';
import { CUSTOMER } from './customer-access.ts';
import { checkCap, poolLog } from './pool.service.ts';
import { checkTags } from './customer.service.ts';

export interface LeadInput {
  name: string;
  contacts?: string;
  phone?: string;
  telephone?: string;
  email?: string;
  taxNum?: string;
  address?: string;
  source?: string;
  industry?: string;
  grade?: string;
  tags?: string[];
  description?: string;
  /** put the lead straight into the high seas instead of holding it */
  toPool?: boolean;
  /** create even when the phone or tax number matches another customer (a same name is always refused) */
  force?: boolean;
}

export interface Duplicate {
  id: number;
  name: string;
  phone: string | null;
  taxNum: string | null;
  matches: Array<'name' | 'phone' | 'taxNum'>;
}

/** Customers (and leads) of the company that share the name, a phone number or the tax number. */
export async function findDuplicates(tx: Tx, tenantId: number, q: { name?: string; phone?: string; taxNum?: string }): Promise<Duplicate[]> {
  const name = q.name?.trim() || null;
  const phone = q.phone?.trim() || null;
  const tax = q.taxNum?.trim().toUpperCase() || null;
  if (!name && !phone && !tax) return [];
  const rows = await tx.query<{ id: string; name: string; phone: string | null; telephone: string | null; taxNum: string | null }>(
    `select id::text as id, name, phone, telephone, tax_num as "taxNum" from partner
      where tenant_id = $1 and type = $2 and not delete_flag
        and (name = $3 or phone = $4 or telephone = $4 or upper(tax_num) = $5)
      order by id limit 10`,
    [tenantId, CUSTOMER, name, phone, tax],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    phone: r.phone,
    taxNum: r.taxNum,
    matches: [
      ...(name && r.name === name ? (['name'] as const) : []),
      ...(phone && (r.phone === phone || r.telephone === phone) ? (['phone'] as const) : []),
      ...(tax && r.taxNum?.toUpperCase() === tax ? (['taxNum'] as const) : []),
    ],
  }));
}

const MATCH_LABEL = { name: '名称', phone: '电话', taxNum: '纳税人识别号' } as const;

/**
 * 新增潜在客户: a partner of type 客户, disabled for documents until converted, held by the caller (within the
 * cap) or put in the pool. A same-named customer is refused; a same phone or tax number unless `force`.
 */
export async function createLead({ tx, session, ip }: RequestCtx, input: LeadInput) {
  const t = session.tenantId;
  const dups = await findDuplicates(tx, t, input);
  const blocking = dups.filter((d) => d.matches.includes('name') || !input.force);
  if (blocking.length) {
    const d = blocking[0]!;
    throw new BusinessError(`疑似重复客户：${d.name}（${d.matches.map((m) => MATCH_LABEL[m]).join('、')}相同）`);
  }
  const tags = await checkTags(tx, t, input.tags);
  const owner = input.toPool ? null : session.userId;
  if (owner) await checkCap(tx, t, owner);
  const at = now();
  const p = await tx.one<{ id: string }>(
    `insert into partner(tenant_id, name, type, contacts, phone, telephone, email, tax_num, address, source, industry, grade, tags, description, enabled, creator, updater)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, false, $15, $15) returning id::text as id`,
    [
      t,
      input.name.trim(),
      CUSTOMER,
      input.contacts ?? null,
      input.phone ?? null,
      input.telephone ?? null,
      input.email ?? null,
      input.taxNum ?? null,
      input.address ?? null,
      input.source ?? null,
      input.industry ?? null,
      input.grade ?? null,
      tags,
      input.description ?? null,
      session.userId,
    ],
  );
  const partnerId = Number(p!.id);
  await tx.query(`insert into crm_customer(tenant_id, partner_id, status, owner_id, claimed_at) values ($1, $2, 'lead', $3, $4)`, [
    t,
    partnerId,
    owner,
    owner ? at : null,
  ]);
  await poolLog(tx, { tenantId: t, partnerId, action: 'create', to: owner, actor: session.userId, at });
  await logWrite(tx, session, ip, 'add', 'crmLead', [partnerId], { name: input.name });
  return { id: partnerId, ownerId: owner };
}
