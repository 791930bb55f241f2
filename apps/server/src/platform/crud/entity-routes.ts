import { z } from 'zod';
import { createSchema, listQuerySchema, updateSchema, type EntityDef } from '@erp/entities';
import { defineRoute, type RouteSpec } from '../http/route.ts';
import { info, listRows } from './list-rows.ts';
import { nameTaken, removeRows, saveRow, setEnabled } from './write.ts';
import { exportRoute } from './export.ts';
import { importRoute } from './import.ts';

const ids = z.string().regex(/^\d{1,15}(,\d{1,15}){0,999}$/, 'ids 须为逗号分隔的编号');
const idQuery = z.strictObject({ id: z.coerce.number().int().positive() });

const parseIds = (s: string) => [...new Set(s.split(',').map(Number))];

/** The generic endpoints of ARCHITECTURE §4 for one entity, each guarded by its menu and button. */
/** The generic endpoints of an entity (SPEC §7.4–§7.5): reads, writes, spreadsheet, and status when it has one. */
export function entityRoutes(def: EntityDef): RouteSpec[] {
  return [...readRoutes(def), ...writeRoutes(def), exportRoute(def), importRoute(def), ...(def.status ? [statusRoute(def)] : [])];
}

const tagsOf = (def: EntityDef) => [def.name];
const readAccess = (def: EntityDef) => ({ menu: def.menu }) as const;
const writeAccess = (def: EntityDef) => ({ menu: def.menu, btn: '1' }) as const;

function readRoutes(def: EntityDef): RouteSpec[] {
  const base = `/${def.name}`;
  const tags = tagsOf(def);
  const read = readAccess(def);
  return [
    defineRoute({
      method: 'GET',
      url: `${base}/list`,
      summary: `${def.label.en}: paged list`,
      tags,
      access: read,
      query: listQuerySchema,
      handler: ({ tx, session, query }) => listRows(tx, def, session, query),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/info`,
      summary: `${def.label.en}: one record`,
      tags,
      access: read,
      query: idQuery,
      handler: ({ tx, session, query }) => info(tx, def, session, query.id),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/checkIsNameExist`,
      summary: `${def.label.en}: is the name taken?`,
      tags,
      access: read,
      query: z.strictObject({
        name: z.string().max(255),
        id: z.coerce.number().int().min(0).default(0),
        ...Object.fromEntries((def.nameScope ?? []).map((k) => [k, z.string().max(64).optional()])),
      }),
      handler: async ({ tx, session, query }) => ({
        status: await nameTaken(tx, def, session, { ...query, [def.nameField ?? 'name']: query.name }, query.id),
      }),
    }),
  ];
}

function writeRoutes(def: EntityDef): RouteSpec[] {
  const base = `/${def.name}`;
  const tags = tagsOf(def);
  const write = writeAccess(def);
  return [
    defineRoute({
      method: 'POST',
      url: `${base}/add`,
      summary: `${def.label.en}: add`,
      tags,
      access: write,
      body: createSchema(def),
      handler: async ({ tx, session, body, req }) => ({
        id: await saveRow(tx, def, session, req.ip, body, undefined, req.server.fileStore),
        message: '新增成功',
      }),
    }),
    defineRoute({
      method: 'PUT',
      url: `${base}/update`,
      summary: `${def.label.en}: change`,
      tags,
      access: write,
      body: updateSchema(def),
      handler: async ({ tx, session, body, req }) => ({
        id: await saveRow(tx, def, session, req.ip, body, body.id as number, req.server.fileStore),
        message: '修改成功',
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${base}/delete`,
      summary: `${def.label.en}: delete one`,
      tags,
      access: write,
      query: idQuery,
      handler: ({ tx, session, query, req }) => removeRows(tx, def, session, req.ip, [query.id]),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${base}/deleteBatch`,
      summary: `${def.label.en}: delete several`,
      tags,
      access: write,
      query: z.strictObject({ ids }),
      handler: ({ tx, session, query, req }) => removeRows(tx, def, session, req.ip, parseIds(query.ids)),
    }),
  ];
}

function statusRoute(def: EntityDef): RouteSpec {
  const base = `/${def.name}`;
  return defineRoute({
    method: 'POST',
    url: `${base}/batchSetStatus`,
    summary: `${def.label.en}: enable or disable`,
    tags: tagsOf(def),
    access: writeAccess(def),
    body: z.strictObject({ status: z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])]), ids }),
    handler: ({ tx, session, body, req }) =>
      setEnabled(tx, def, session, req.ip, parseIds(body.ids), body.status === true || body.status === '1' || body.status === 'true'),
  });
}
