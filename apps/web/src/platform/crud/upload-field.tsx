import { useEffect, useState, useSyncExternalStore } from 'react';
import { App, Button, Image, Upload, type UploadFile } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { http } from '../http.ts';
import { failureText, saveFile, uploadFiles } from './file-transfer.ts';
import { useCrudT } from './i18n.ts';
import { displayName, splitFiles, useFileUrls } from './use-file-urls.ts';

/** SPEC §5 / §9 upload limits (the server checks the same). */
export const UPLOAD_MAX_MB = 5;
const IMAGE_TYPES = ['png', 'jpg', 'jpeg'];
const FILE_TYPES = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'pdf', 'png', 'jpg', 'jpeg'];
const ext = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/**
 * Uploads in flight on the page: a form's save waits for them (its button shows loading), else the value it reads
 * lacks the file still uploading and the record is saved without it.
 */
let inFlight = 0;
const listeners = new Set<() => void>();
const setInFlight = (d: number) => {
  inFlight += d;
  listeners.forEach((l) => l());
};
export function useUploading(): boolean {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => inFlight > 0,
  );
}

type Item = UploadFile & { fileName?: string };
const toItems = (names: string[]): Item[] => names.map((n) => ({ uid: n, name: displayName(n), status: 'done', fileName: n }));
const joined = (items: Item[]) =>
  items
    .filter((i) => i.status === 'done' && i.fileName)
    .map((i) => i.fileName)
    .join(',');

/**
 * An images / files field: each file goes to POST /common/uploadMinio (field file → data.fileName)
 * and the field's value is the comma-joined list of returned names.
 */
export function UploadField(props: { kind: 'images' | 'files'; maxCount?: number; value?: string | null; onChange?: (v: string) => void; disabled?: boolean }) {
  const { t } = useCrudT();
  const { message } = App.useApp();
  const images = props.kind === 'images';
  const max = props.maxCount ?? 5;
  const types = images ? IMAGE_TYPES : FILE_TYPES;
  const [items, setItems] = useState<Item[]>(() => toItems(splitFiles(props.value)));
  const [preview, setPreview] = useState<number>();
  const stored = items.filter((i) => i.fileName && !i.originFileObj).map((i) => i.fileName!);
  const urls = useFileUrls(images ? stored : []);

  // a reset or a different record changes the value from outside
  useEffect(() => {
    const v = props.value ?? '';
    setItems((cur) => (joined(cur) === v ? cur : toItems(splitFiles(v))));
  }, [props.value]);

  const commit = (next: Item[]) => {
    setItems(next);
    const v = joined(next);
    if (v !== (props.value ?? '')) props.onChange?.(v);
  };

  const check = (file: File, batch: File[]) => {
    if (!types.includes(ext(file.name))) {
      message.error(t(images ? 'imageType' : 'fileType', { types: types.join(',') }));
      return Upload.LIST_IGNORE;
    }
    if (file.size > UPLOAD_MAX_MB * 1024 * 1024) {
      message.error(t(images ? 'imageSize' : 'fileSize', { n: UPLOAD_MAX_MB }));
      return Upload.LIST_IGNORE;
    }
    if (items.length + batch.indexOf(file) + 1 > max) {
      if (batch.indexOf(file) === 0 || items.length >= max) message.error(t('fileCount', { n: max }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const shown: UploadFile[] = items.map((i) => (i.fileName && urls.data && !i.originFileObj ? { ...i, thumbUrl: urls.data[stored.indexOf(i.fileName)] } : i));

  return (
    <>
      <Upload
        listType={images ? 'picture-card' : 'text'}
        multiple
        disabled={props.disabled}
        fileList={shown}
        accept={types.map((x) => `.${x}`).join(',')}
        beforeUpload={check}
        customRequest={({ file, onSuccess, onError }) => {
          setInFlight(1);
          uploadFiles<{ fileName: string }>('/common/uploadMinio', [file as File], { biz: props.kind })
            .then(
              (d) => onSuccess?.(d),
              (e: unknown) => {
                message.error(failureText(e) ?? t(images ? 'uploadImageFailed' : 'uploadFailed'));
                onError?.(e as Error);
              },
            )
            .finally(() => setInFlight(-1));
        }}
        onChange={({ file, fileList }) => {
          const next = (fileList as Item[])
            .filter((i) => i.status !== 'error')
            .map((i) => (i.uid === file.uid && file.status === 'done' ? { ...i, fileName: (file.response as { fileName: string }).fileName } : i));
          commit(next);
        }}
        onPreview={(f) => {
          const it = f as Item;
          if (images)
            setPreview(
              Math.max(
                0,
                items.findIndex((i) => i.uid === it.uid),
              ),
            );
          else if (it.fileName) void http.blob('/common/download', { fileName: it.fileName }).then((blob) => saveFile({ blob, fileName: it.name }));
        }}
      >
        {items.length >= max || props.disabled ? null : images ? (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 6 }}>{t('upload')}</div>
          </div>
        ) : (
          <Button icon={<UploadOutlined />}>{t('uploadFile')}</Button>
        )}
      </Upload>
      {images && preview !== undefined && (
        <Image.PreviewGroup
          items={shown.map((i) => i.thumbUrl ?? i.url ?? '').filter(Boolean)}
          preview={{ open: true, current: preview, onOpenChange: (o) => !o && setPreview(undefined) }}
        />
      )}
    </>
  );
}
