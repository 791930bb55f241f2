import type { Session } from './session.ts';

/**
 * Own-data roles (个人数据, SPEC §6; issue 10 finding 1): a user whose role is of that type sees and
 * acts on only the documents they created or that name them — as the handler (经手人) or one of the
 * salespeople, a person of the company with the user's name. One definition for every document table
 * with creator / hands_person_id / sales_man columns (inventory today; finance and the other areas
 * apply the same condition), used in lists, details, changes and the figures built from documents.
 */
export const ownDataOnly = (s: Session): boolean => !s.admin && s.roleType === '个人数据';

/** The SQL condition on a document header `alias` for the user id in placeholder `param`. */
export function ownDocument(alias: string, param: string): string {
  return `(${alias}.creator = ${param} or exists (
    select 1 from sys_user u join person p on p.tenant_id = u.tenant_id and p.name = u.username
     where u.tenant_id = ${alias}.tenant_id and u.id = ${param}
       and (${alias}.hands_person_id = p.id or p.id::text = any(string_to_array(${alias}.sales_man, ',')))))`;
}

/** For queries that take it whole: `and <condition>` with the user id as placeholder `$n`, or nothing. */
export const ownDocumentAnd = (s: Session, alias: string, n: number): string => (ownDataOnly(s) ? ` and ${ownDocument(alias, `$${n}`)}` : '');
