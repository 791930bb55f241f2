import { useCallback, useEffect, useState } from 'react';
import { Modal, Transfer } from 'antd';
import type { Key } from 'react';
import { cache } from '../storage.ts';
import { useCrudT } from './i18n.ts';

interface Prefs {
  hidden: string[];
  widths: Record<string, number>;
}

/** Hidden columns and dragged widths, kept per page in local storage with no expiry (a UI preference). */
export function useColumnPrefs(path: string) {
  const key = `crud_columns:${path}`;
  const [prefs, setPrefs] = useState<Prefs>(() => ({ hidden: [], widths: {}, ...cache.get<Prefs>(key) }));
  const update = useCallback(
    (patch: Partial<Prefs>) =>
      setPrefs((p) => {
        const next = { ...p, ...patch };
        cache.set(key, next, null);
        return next;
      }),
    [key],
  );
  return {
    prefs,
    setHidden: (hidden: string[]) => update({ hidden }),
    setWidth: (col: string, w: number) =>
      setPrefs((p) => {
        const next = { ...p, widths: { ...p.widths, [col]: w } };
        cache.set(key, next, null);
        return next;
      }),
  };
}

/** SPEC §2.3: show / hide columns in a transfer dialog titled 显示 and 隐藏. */
export function ColumnSettings(props: {
  open: boolean;
  columns: Array<{ key: string; title: string }>;
  hidden: string[];
  onChange: (hidden: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useCrudT();
  const [draft, setDraft] = useState<Key[]>(props.hidden);
  // start from the saved choice when the dialog opens — not after its opening animation, which on a busy
  // machine ends after the user has already moved a column and would undo that move
  useEffect(() => {
    if (props.open) setDraft(props.hidden);
  }, [props.open]);
  return (
    <Modal
      title={t('columnsTitle')}
      open={props.open}
      width={560}
      okText={t('ok')}
      cancelText={t('cancel')}
      onOk={() => {
        props.onChange(draft.map(String));
        props.onClose();
      }}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <div data-testid="column-settings">
        <Transfer
          dataSource={props.columns}
          rowKey={(c) => c.key}
          titles={[t('shown'), t('hidden')]}
          targetKeys={draft}
          onChange={(keys) => setDraft(keys)}
          render={(c) => c.title}
          styles={{ section: { width: 230, height: 340 } }}
        />
      </div>
    </Modal>
  );
}
