import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Card, Table } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import type { CrudOptions, EntityPageProps, Row } from './crud-types.ts';
import { entityApi } from './entity-api.ts';
import { entityColumns } from './entity-columns.tsx';
import { MissingUrlError, resolveUrls } from './entity-urls.ts';
import { ColumnSettings, useColumnPrefs } from './column-settings.tsx';
import { useCrudT } from './i18n.ts';
import { ListToolbar } from './list-toolbar.tsx';
import { pagePermissions } from './permissions.ts';
import { ResizableTitle } from './resizable-title.tsx';
import { SearchForm } from './search-form.tsx';
import { TotalsRows } from './totals-row.tsx';
import { PAGE_SIZES, useEntityList } from './use-entity-list.ts';
import { useListActions } from './use-list-actions.ts';
import { rowActionColumn } from './row-actions.tsx';
import { useMobile } from './use-mobile.ts';
import styles from './crud.module.css';

// the form (uploads, pickers, lines) and the import dialog load on first use, keeping the list's chunk small
const EntityForm = lazy(() => import('./entity-form.tsx').then((m) => ({ default: m.EntityForm })));
const ImportDialog = lazy(() => import('./import-dialog.tsx').then((m) => ({ default: m.ImportDialog })));

/** SPEC §9: the table's scroll width; narrower column sets simply fill the page. */
export const SCROLL_X = 1640;
const WIDE_LIST = 1000;
const components = { header: { cell: ResizableTitle } };

/**
 * The kit's generic list page (ARCHITECTURE §4), built once on antd's Table: search form,
 * toolbar, columns, pager, totals, batch actions, export / import and the form dialog.
 * Custom pages (users, tenants, roles) pass their differences as options.
 */
export function EntityListPage({ entity: def, path, title, ...opts }: EntityPageProps) {
  const { t, i18n } = useCrudT();
  const lang = i18n.language;
  const mobile = useMobile();
  // the addresses and calls are fixed for the life of a screen; the other options may re-render (titles)
  const [urls] = useState(() => resolveUrls(def, opts));
  const [api] = useState(() => entityApi(urls, opts));
  const options: CrudOptions = opts;
  const perms = useMemo(() => pagePermissions(path), [path]);
  const createTimeQuery = options.createTimeQuery ?? !options.urls;
  const list = useEntityList(def, api, urls.list ?? def.name, options.fixedFilter, createTimeQuery);
  const [editing, setEditingState] = useState<{ row?: Row } | undefined>();
  // once opened the form stays mounted, so closing it animates instead of vanishing
  const [formLoaded, setFormLoaded] = useState(false);
  const setEditing = (e: { row?: Row } | undefined) => {
    if (e) setFormLoaded(true);
    setEditingState(e);
  };
  const [importing, setImporting] = useState(false);
  const [searchShown, setSearchShown] = useState(true);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const { prefs, setHidden, setWidth } = useColumnPrefs(path);

  const dataColumns = entityColumns({
    def,
    fixed: options.fixedFilter,
    rows: list.rows,
    t,
    lang,
    sort: list.sort,
    createTimeSort: createTimeQuery,
    extra: options.extraColumns,
  });
  const canEdit = perms.edit && options.features?.edit !== false;
  const canDelete = perms.edit && options.features?.delete !== false;
  const actionColumn = rowActionColumn({
    t,
    mobile,
    canEdit,
    canDelete,
    onEdit: (row) => setEditing({ row }),
    onDelete: (row) => actions.removeOne(row),
    extra: options.rowActions ? (row) => options.rowActions?.(row, list.reload) : undefined,
  });
  const withPrefs = (c: ColumnType<Row>): ColumnType<Row> => {
    const key = String(c.key);
    const width = prefs.widths[key] ?? (c.width as number);
    return { ...c, width, onHeaderCell: () => ({ width, onResize: (w: number) => setWidth(key, w) }) as object };
  };
  const shownData = dataColumns.filter((c) => !prefs.hidden.includes(String(c.key))).map(withPrefs);
  const hasActions = canEdit || canDelete || Boolean(options.rowActions);
  const columns = hasActions ? [...shownData, actionColumn] : shownData;
  const totalWidth = columns.reduce((s, c) => s + (Number(c.width) || 120), 48);

  const actions = useListActions({
    def,
    title,
    api,
    urls,
    opts: options,
    list,
    perms,
    columns: shownData,
    onAdd: () => setEditing({}),
    onImport: () => setImporting(true),
  });

  const missing = list.error instanceof MissingUrlError ? list.error.message : undefined;
  return (
    <div className={`${styles.list} ${mobile ? styles.mobileList : ''}`} data-testid="entity-list" data-entity={def.name} data-mobile={mobile || undefined}>
      {searchShown && (
        <Card size="small" style={{ marginBottom: 12 }} styles={{ body: { padding: '12px 16px' } }}>
          <SearchForm def={def} fixed={options.fixedFilter} createTimeQuery={createTimeQuery} onSearch={list.applySearch} compact={mobile} />
        </Card>
      )}
      <Card size="small" styles={{ body: { padding: '12px 16px 4px' } }}>
        <ListToolbar
          actions={actions.toolbar}
          selectedCount={list.selected.length}
          onClearSelection={() => list.setSelected([])}
          onToggleSearch={() => setSearchShown((s) => !s)}
          onRefresh={list.reload}
          onColumns={() => setColumnsOpen(true)}
        />
        {missing && <Alert type="error" showIcon title={missing} style={{ marginBottom: 12 }} data-testid="missing-url" />}
        <Table<Row>
          rowKey="id"
          size={mobile ? 'small' : 'middle'}
          bordered
          components={components}
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          rowSelection={{ selectedRowKeys: list.selected, onChange: (keys) => list.setSelected(keys.map(Number)), fixed: !mobile }}
          // on a phone the page scrolls, not a box inside it; the table still scrolls sideways
          scroll={{
            x: totalWidth >= WIDE_LIST ? Math.max(SCROLL_X, totalWidth) : totalWidth,
            y: mobile ? undefined : `max(240px, calc(100vh - ${searchShown ? 420 : 340}px))`,
          }}
          onChange={(_p, _f, sorter) => {
            const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row>;
            list.changeSort({ column: s.order ? String(s.columnKey) : undefined, order: s.order ?? undefined });
          }}
          pagination={{
            current: list.page.currentPage,
            pageSize: list.page.pageSize,
            total: list.total,
            pageSizeOptions: PAGE_SIZES,
            // SPEC §9 fewer pager buttons on narrow screens: a phone gets the simple pager
            simple: mobile,
            showSizeChanger: !mobile,
            // past the server's count cap the total is the planner's estimate: say so
            showTotal: mobile
              ? (total) => t(list.totalEstimated ? 'pageTotalShortAbout' : 'pageTotalShort', { total })
              : (total, [a, b]) => t(list.totalEstimated ? 'pageTotalAbout' : 'pageTotal', { a, b, total }),
            onChange: list.changePage,
          }}
          summary={(rows) => (
            <TotalsRows columns={columns} rows={[...rows]} sumFields={def.sums ?? []} sums={list.sums} pageSize={list.page.pageSize} offset={1} />
          )}
          data-testid="entity-table"
        />
      </Card>
      <Suspense>
        {(editing || formLoaded) && (
          <EntityForm
            def={def}
            api={api}
            opts={options}
            row={editing?.row}
            open={Boolean(editing)}
            onClose={() => setEditing(undefined)}
            onSaved={list.reload}
          />
        )}
        {urls.importExcel && importing && (
          <ImportDialog
            open={importing}
            url={urls.importExcel}
            label={actions.label}
            onClose={(imported) => {
              setImporting(false);
              if (imported) list.reload();
            }}
          />
        )}
      </Suspense>
      <ColumnSettings
        open={columnsOpen}
        columns={dataColumns.map((c) => ({ key: String(c.key), title: String(c.title) }))}
        hidden={prefs.hidden}
        onChange={setHidden}
        onClose={() => setColumnsOpen(false)}
      />
    </div>
  );
}
