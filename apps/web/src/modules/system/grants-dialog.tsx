import { useEffect, useMemo, useState } from 'react';
import { App, Checkbox, Modal, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../platform/http.ts';
import type { Row } from '../../platform/crud/crud-types.ts';
import { useCrudT } from '../../platform/crud/i18n.ts';
import { useSaving } from '../../platform/use-saving.ts';

/** GET /role/getGrants row: btnStr null = not granted, '' = the menu without buttons. */
interface Fn {
  functionId: number;
  number: string;
  parentNumber: string;
  url: string;
  text: string;
  pushBtn: string;
  btnStr: string | null;
}
type Node = Fn & { children?: Node[] };
type BulkMode = 'selectAll' | 'editAll' | 'auditAll' | 'unauditAll';
const BULK: Array<{ mode: BulkMode; btn?: string }> = [
  { mode: 'selectAll' },
  { mode: 'editAll', btn: '1' },
  { mode: 'auditAll', btn: '2' },
  { mode: 'unauditAll', btn: '7' },
];
const split = (s: string | null) => (s ? s.split(',').filter(Boolean) : []);

function tree(fns: Fn[]): Node[] {
  const byNumber = new Map<string, Node>(fns.map((f) => [f.number, { ...f }]));
  const roots: Node[] = [];
  for (const n of byNumber.values()) {
    const p = byNumber.get(n.parentNumber);
    if (p) (p.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}
const leavesOf = (n: Node): Node[] => (n.children?.length ? n.children.flatMap(leavesOf) : [n]);

/**
 * A role's menu and button grants (SPEC §6): a menu tree with each screen's buttons, saved with
 * POST /role/setGrants; the select-all / edit-all / audit-all / un-audit-all toggles are applied
 * by the server at once (POST /role/setGrantsBulk) and the tree reloads.
 */
export function GrantsDialog({ role, canEdit, onClose }: { role: Row; canEdit: boolean; onClose: () => void }) {
  const { t } = useCrudT();
  const { message } = App.useApp();
  const grants = useQuery({
    queryKey: ['role-grants', role.id],
    staleTime: 0,
    queryFn: async () => unwrap(await http.get<Fn[]>('/role/getGrants', { id: role.id })),
  });
  const [held, setHeld] = useState<Map<number, string | null>>(new Map());
  const [saving, whileSaving] = useSaving();
  useEffect(() => {
    // only buttons the screen offers: the server refuses any other (older grants may hold some)
    const offered = (f: Fn) =>
      f.btnStr === null
        ? null
        : split(f.btnStr)
            .filter((b) => split(f.pushBtn).includes(b))
            .join(',');
    if (grants.data) setHeld(new Map(grants.data.map((f) => [f.functionId, offered(f)])));
  }, [grants.data]);

  const roots = useMemo(() => tree(grants.data ?? []), [grants.data]);
  const leaves = useMemo(() => roots.flatMap(leavesOf), [roots]);
  const granted = (n: Node) => held.get(n.functionId) != null;
  const set = (ns: Node[], on: boolean) =>
    setHeld((h) => {
      const next = new Map(h);
      for (const n of ns) next.set(n.functionId, on ? (h.get(n.functionId) ?? n.pushBtn) : null);
      return next;
    });

  const bulkChecked = (btn?: string) => {
    const scope = btn ? leaves.filter((l) => granted(l) && split(l.pushBtn).includes(btn)) : leaves;
    return scope.length > 0 && scope.every((l) => (btn ? split(held.get(l.functionId) ?? '').includes(btn) : granted(l)));
  };
  const bulk = (mode: BulkMode, checked: boolean) =>
    whileSaving(async () => {
      unwrap(await http.post('/role/setGrantsBulk', { roleId: role.id, mode, checked }));
      await grants.refetch();
    });

  const save = async () => {
    await whileSaving(async () => {
      const list = leaves.filter(granted).map((l) => ({ functionId: l.functionId, btnStr: held.get(l.functionId) ?? '' }));
      unwrap(await http.post('/role/setGrants', { roleId: role.id, grants: list }));
      message.success(t('role.saved'));
      onClose();
    });
  };

  const columns: ColumnsType<Node> = [
    {
      title: t('role.menu'),
      key: 'menu',
      render: (_v, n) => {
        const ls = leavesOf(n);
        const on = ls.filter(granted).length;
        return (
          <Checkbox
            checked={on > 0 && on === ls.length}
            indeterminate={on > 0 && on < ls.length}
            disabled={!canEdit}
            onChange={(e) => set(ls, e.target.checked)}
            data-menu={n.url}
          >
            {n.text}
          </Checkbox>
        );
      },
    },
    {
      title: t('role.buttons'),
      key: 'buttons',
      width: 380,
      render: (_v, n) =>
        n.children?.length || !n.pushBtn ? null : (
          <Checkbox.Group
            value={split(held.get(n.functionId) ?? '')}
            disabled={!canEdit || !granted(n)}
            options={split(n.pushBtn).map((b) => ({ value: b, label: t(`role.btn${b}`) }))}
            onChange={(v) =>
              setHeld((h) =>
                new Map(h).set(
                  n.functionId,
                  split(n.pushBtn)
                    .filter((b) => v.includes(b))
                    .join(','),
                ),
              )
            }
          />
        ),
    },
  ];

  return (
    <Modal
      title={t('role.grantsTitle', { name: role.name })}
      open
      width={880}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !canEdit, loading: saving }}
      destroyOnHidden
    >
      <div data-testid="grants-dialog">
        <Space size={16} style={{ marginBottom: 12 }}>
          {BULK.map((b) => (
            <Checkbox
              key={b.mode}
              disabled={!canEdit || grants.isFetching}
              checked={bulkChecked(b.btn)}
              onChange={(e) => void bulk(b.mode, e.target.checked)}
              data-testid={`bulk-${b.mode}`}
            >
              {t(`role.${b.mode}`)}
            </Checkbox>
          ))}
        </Space>
        <Table<Node>
          rowKey="functionId"
          size="small"
          bordered
          loading={grants.isLoading}
          columns={columns}
          dataSource={roots}
          pagination={false}
          scroll={{ y: 460 }}
          expandable={{ defaultExpandAllRows: true }}
          key={roots.length}
        />
      </div>
    </Modal>
  );
}
