import { useState } from 'react';
import { App } from 'antd';
import dayjs from 'dayjs';
import type { ColumnType } from 'antd/es/table';
import type { EntityDef } from '@erp/entities';
import type { CrudOptions, EntityUrls, Row } from './crud-types.ts';
import type { EntityApi } from './entity-api.ts';
import { MissingUrlError, needUrl } from './entity-urls.ts';
import { failureText, postForFile, saveFile } from './file-transfer.ts';
import { useCrudT } from './i18n.ts';
import { inSentence, recordLabel } from './labels.ts';
import type { PagePermissions } from './permissions.ts';
import type { ToolbarActions } from './list-toolbar.tsx';
import { printRows } from './print-rows.ts';
import type { EntityList } from './use-entity-list.ts';

/**
 * The list page's actions with SPEC §5 messages: batch actions need a selection, deletes are
 * confirmed under the System prompt title, refusals show the server's message.
 */
export function useListActions(p: {
  def: EntityDef;
  title: string;
  api: EntityApi;
  urls: EntityUrls;
  opts: CrudOptions;
  list: EntityList;
  perms: PagePermissions;
  columns: ColumnType<Row>[];
  onAdd: () => void;
  onImport: () => void;
}) {
  const { t, i18n } = useCrudT();
  const { message, modal } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const { def, api, list, perms, opts } = p;
  const on = (k: keyof NonNullable<CrudOptions['features']>) => opts.features?.[k] !== false;

  /** Runs a write and shows its reply; errors: missing address, refusal, or the HTTP client's notice. */
  const run = async (call: () => Promise<unknown>) => {
    try {
      const data = await call();
      const msg = data && typeof data === 'object' && 'message' in data ? String(data.message) : t('done');
      message.success(msg);
      list.reload();
    } catch (e) {
      if (e instanceof MissingUrlError) message.error(e.message);
      else {
        const msg = failureText(e);
        if (msg) message.warning(msg);
      }
    }
  };

  const needSelection = (text: string) => {
    if (list.selected.length) return true;
    message.warning(text);
    return false;
  };

  const confirm = (content: string, onOk: () => Promise<void>) =>
    modal.confirm({ title: t('confirmTitle'), content, okText: t('ok'), cancelText: t('cancel'), onOk });

  const setStatus = (enabled: boolean) => {
    if (needSelection(t('selectOne'))) void run(() => api.setStatus(list.selected, enabled));
  };

  const exportXls = async () => {
    setExporting(true);
    try {
      const url = needUrl(p.urls, 'exportXls');
      const body = { ...list.exportQuery(), ids: list.selected.length ? list.selected.join(',') : undefined };
      saveFile(await postForFile(url, body, `${def.label.zh}.xls`));
    } catch (e) {
      if (e instanceof MissingUrlError) message.error(e.message);
      // a refusal (no rows: code 500) reads 导出异常请联系管理员 (SPEC §5, §8)
      else if (failureText(e) !== undefined) message.error(t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const print = () => {
    if (!needSelection(t('selectForPrint'))) return;
    const rows = list.rows.filter((r) => list.selected.includes(r.id));
    printRows(p.title, t('printedAt', { time: dayjs().format('YYYY-MM-DD HH:mm:ss') }), p.columns, rows);
  };

  const toolbar: ToolbarActions = {
    add: perms.edit && on('add') ? p.onAdd : undefined,
    deleteBatch:
      perms.edit && on('delete')
        ? () =>
            needSelection(t('selectOne')) && confirm(t('deleteBatchConfirm', { count: list.selected.length }), () => run(() => api.removeBatch(list.selected)))
        : undefined,
    enable: perms.edit && on('status') && (def.status || p.urls.batchSetStatusUrl) ? () => setStatus(true) : undefined,
    disable: perms.edit && on('status') && (def.status || p.urls.batchSetStatusUrl) ? () => setStatus(false) : undefined,
    print: on('print') ? print : undefined,
    exportXls: perms.io && on('export') ? () => void exportXls() : undefined,
    importXls: perms.io && on('import') ? p.onImport : undefined,
    exporting,
  };

  return {
    toolbar,
    removeOne: (row: Row) => confirm(t('deleteConfirm'), () => run(() => api.remove(row.id))),
    setOne: (row: Row, enabled: boolean) => void run(() => api.setStatus([row.id], enabled)),
    label: inSentence(recordLabel(def, opts.fixedFilter), i18n.language),
  };
}
