import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { localTitle } from '../../platform/i18n/index.ts';
import { useMenuIndex } from '../menu-context.ts';

/** Finds a menu screen by name (either language) and opens it. */
export function MenuSearch({ width = 200 }: { width?: number }) {
  const { t, i18n } = useTranslation();
  const index = useMenuIndex();
  const navigate = useNavigate();
  const options = useMemo(
    () =>
      [...index.leaves.values()].map((l) => ({
        value: l.url,
        label: localTitle(l.text, l.englishName, i18n.language),
        search: `${l.text} ${l.englishName} ${l.parents.map((p) => p.text).join(' ')}`.toLowerCase(),
      })),
    [index, i18n.language],
  );
  return (
    <span id="erp-menu-search">
      <Select
        data-testid="menu-search"
        showSearch={{ filterOption: (input, o) => Boolean(o?.search.includes(input.trim().toLowerCase())) }}
        value={null}
        placeholder={
          <span>
            <SearchOutlined /> {t('header.searchMenu')}
          </span>
        }
        options={options}
        onChange={(v: string | null) => v && navigate(v)}
        style={{ width }}
        variant="filled"
        suffixIcon={null}
        notFoundContent={t('common.empty')}
      />
    </span>
  );
}
