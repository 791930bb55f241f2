import { useState } from 'react';
import { Image } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { splitFiles, useFileUrls } from './use-file-urls.ts';
import { useCrudT } from './i18n.ts';

/** SPEC §2.3 image preview: the first picture of the comma-separated list; a click previews all. */
export function ImageCell({ value }: { value: unknown }) {
  const { t } = useCrudT();
  const names = splitFiles(value);
  const [open, setOpen] = useState(false);
  const first = useFileUrls(names.slice(0, 1));
  const all = useFileUrls(names, open);
  if (!names.length) return null;
  const thumb = first.data?.[0];
  return (
    <>
      <span
        role="button"
        tabIndex={0}
        title={t('preview')}
        onClick={() => setOpen(true)}
        onKeyDown={(e) => e.key === 'Enter' && setOpen(true)}
        style={{ cursor: 'pointer', display: 'inline-flex', alignItems: 'center', gap: 4 }}
        data-testid="image-cell"
      >
        {thumb ? (
          <img src={thumb} alt="" style={{ width: 32, height: 32, objectFit: 'cover', borderRadius: 2, border: '1px solid #f0f0f0' }} />
        ) : (
          <PictureOutlined style={{ fontSize: 20, color: '#bfbfbf' }} />
        )}
        {names.length > 1 && <span style={{ color: '#8c8c8c', fontSize: 12 }}>×{names.length}</span>}
      </span>
      {open && all.data && <Image.PreviewGroup items={all.data} preview={{ open, onOpenChange: (v) => setOpen(v) }} />}
    </>
  );
}
