import { describe, expect, it } from 'vitest';
import { downloadFailureText } from '../download-errors.ts';
import { zh } from '../i18n/zh.ts';

const zhText = (r: ReturnType<typeof downloadFailureText>) => ('text' in r ? r.text : (zh.http as Record<string, string>)[r.key.replace('http.', '')]);

describe('download failures (SPEC §8)', () => {
  it('says 下载文件出现错误，请联系管理员！ when the download breaks off, 文件下载失败 on a failed status', () => {
    expect(zhText(downloadFailureText({ kind: 'broken' }))).toBe('下载文件出现错误，请联系管理员！');
    expect(zhText(downloadFailureText({ kind: 'status' }))).toBe('文件下载失败');
  });
  it('reads an error body by code, then its message, else the unknown-error text', () => {
    expect(downloadFailureText({ kind: 'body', code: 403 })).toEqual({ key: 'http.blob403' });
    expect(downloadFailureText({ kind: 'body', code: 500, msg: '文件不存在' })).toEqual({ text: '文件不存在' });
    expect(downloadFailureText({ kind: 'body', code: 500, dataMessage: '未知的文件' })).toEqual({ text: '未知的文件' });
    expect(zhText(downloadFailureText({ kind: 'body', code: 500 }))).toBe('系统未知错误，请反馈给管理员');
  });
});
