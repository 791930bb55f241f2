/**
 * Citus readiness (issue 13 item 4): every statement the server ran in a tenant transaction names the
 * tenant of each tenant table it reads or writes (`x.tenant_id = …`, a join on tenant_id, or tenant_id
 * in an insert), so a distributed database can route it to one shard. RLS alone would still be correct
 * on one server, but not routable. Usage: node --import tsx scripts/check-tenant-filters.ts <log> with
 * DATABASE_URL set (the log comes from ERP_SQL_LOG, see platform/db/postgres.ts). Statements are parsed
 * with PostgreSQL's own parser (libpg-query), not pattern-matched.
 */
import fs from 'node:fs';
import pg from 'pg';
import { loadModule, parseSync } from 'libpg-query';

type Node = Record<string, any>;
const STATEMENTS = ['SelectStmt', 'UpdateStmt', 'DeleteStmt', 'InsertStmt'];

/** Statements a tenant transaction may run without naming the tenant, each with the reason. */
const ALLOWED: Array<[RegExp, string]> = [
  // a test proving that row-level security holds when a query forgets its filter says so in the statement
  [/^\/\* rls-probe \*\//, 'leaves the filter out on purpose, to prove the database policy'],
];

function* walk(n: unknown): Generator<[string, Node]> {
  if (Array.isArray(n)) for (const x of n) yield* walk(x);
  else if (n && typeof n === 'object') {
    for (const [k, v] of Object.entries(n as Node)) {
      if (v && typeof v === 'object' && !Array.isArray(v) && /^[A-Z]/.test(k)) yield [k, v];
      yield* walk(v);
    }
  }
}

/** The relations a statement reads or writes itself (through joins, not inside subqueries). */
function relations(n: unknown, out: Node[] = []): Node[] {
  if (Array.isArray(n)) for (const x of n) relations(x, out);
  else if (n && typeof n === 'object') {
    const o = n as Node;
    if (o.RangeVar) out.push(o.RangeVar);
    else if (o.JoinExpr) relations([o.JoinExpr.larg, o.JoinExpr.rarg], out);
  }
  return out;
}

function tenantRefs(stmt: Node): { qualified: Set<string>; bare: boolean } {
  const qualified = new Set<string>();
  let bare = false;
  for (const [kind, node] of walk(stmt)) {
    if (kind === 'ColumnRef') {
      const f = (node.fields as Node[]).map((x) => x.String?.sval);
      if (f.at(-1) !== 'tenant_id') continue;
      if (f.length >= 2) qualified.add(f.at(-2));
      else bare = true;
    }
    if (kind === 'JoinExpr' && (node.usingClause as Node[] | undefined)?.some((u) => u.String?.sval === 'tenant_id')) {
      for (const r of relations([node.larg, node.rarg])) qualified.add(r.alias?.aliasname ?? r.relname);
    }
  }
  return { qualified, bare };
}

/** Tenant tables of one statement node that it does not filter by tenant_id. */
function unfiltered(kind: string, stmt: Node, tenantTables: Set<string>): string[] {
  let rels: Node[] = [];
  if (kind === 'SelectStmt') rels = relations(stmt.fromClause);
  if (kind === 'UpdateStmt') rels = [stmt.relation, ...relations(stmt.fromClause)];
  if (kind === 'DeleteStmt') rels = [stmt.relation, ...relations(stmt.usingClause)];
  if (kind === 'InsertStmt') {
    if (!tenantTables.has(stmt.relation.relname)) return [];
    const cols = (stmt.cols as Node[] | undefined)?.map((c) => c.ResTarget?.name) ?? [];
    return cols.includes('tenant_id') ? [] : [stmt.relation.relname];
  }
  const mine = rels.filter((r) => tenantTables.has(r.relname));
  if (!mine.length) return [];
  const { qualified, bare } = tenantRefs(stmt);
  return mine.filter((r) => !qualified.has(r.alias?.aliasname ?? r.relname) && !(bare && mine.length === 1)).map((r) => r.relname);
}

/** The problems of a list of statements, given the tenant tables (pure: tested on its own). */
export async function tenantFilterProblems(texts: string[], tenantTables: Set<string>): Promise<string[]> {
  await loadModule();
  const problems: string[] = [];
  for (const text of texts) {
    if (ALLOWED.some(([re]) => re.test(text))) continue;
    let tree: Node;
    try {
      tree = parseSync(text) as Node;
    } catch (e) {
      problems.push(`unparsable (${(e as Error).message}): ${text.slice(0, 300)}`);
      continue;
    }
    const missing = new Set<string>();
    for (const [kind, node] of walk(tree)) if (STATEMENTS.includes(kind)) for (const t of unfiltered(kind, node, tenantTables)) missing.add(t);
    if (missing.size) problems.push(`no tenant_id condition on ${[...missing].join(', ')}:\n    ${text.replace(/\s+/g, ' ').slice(0, 400)}`);
  }
  return problems;
}

export async function checkTenantFilters(logFile: string, databaseUrl: string): Promise<string[]> {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  const tables = await sql.query<{ t: string }>(
    `select table_name t from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id'`,
  );
  await sql.end();
  const texts = fs.existsSync(logFile)
    ? [
        ...new Set(
          fs
            .readFileSync(logFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as string),
        ),
      ]
    : [];
  const problems = await tenantFilterProblems(texts, new Set(tables.rows.map((r) => r.t)));
  if (!texts.length) problems.push(`no statements were logged in ${logFile}`);
  console.log(`tenant filters: ${texts.length} distinct tenant-transaction statements checked`);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [logFile] = process.argv.slice(2);
  if (!logFile || !process.env.DATABASE_URL) throw new Error('usage: DATABASE_URL=… check-tenant-filters.ts <statement log>');
  const problems = await checkTenantFilters(logFile, process.env.DATABASE_URL);
  for (const p of problems) console.log(`  ✗ ${p}`);
  console.log(`tenant filters: ${problems.length ? 0 : 1} passed, ${problems.length ? 1 : 0} failed`);
  process.exit(problems.length ? 1 : 0);
}
