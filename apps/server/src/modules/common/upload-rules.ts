/** SPEC §5 / §9 upload defaults: 5 files, 5 MB each; documents and images. */
export const MAX_FILES = 5;
export const MAX_FILE_MB = 5;
export const MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024;

/**
 * The spec's default lists (doc, xls, ppt, txt, pdf; png, jpg, jpeg) plus the Office 2007 forms
 * of the same documents, which today's Office writes by default. gif/webp are not accepted: the
 * spec does not list them and the refusal message names the accepted types.
 */
export const ALLOWED_TYPES = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'pdf', 'png', 'jpg', 'jpeg'];
const LISTED_TYPES = 'doc,xls,ppt,txt,pdf,png,jpg,jpeg';

export const MSG_TYPE = `文件格式不正确, 请上传${LISTED_TYPES}格式文件!`;
export const MSG_SIZE = `上传文件大小不能超过 ${MAX_FILE_MB} MB!`;
export const MSG_COUNT = `上传文件数量不能超过 ${MAX_FILES} 个!`;

/** SPEC §5 image upload: png, jpg, jpeg; 5 MB (the web's crud i18n says the same). */
export const IMAGE_TYPES = ['png', 'jpg', 'jpeg'];
export const MSG_IMAGE_TYPE = `图片格式不正确, 请上传${IMAGE_TYPES.join(',')}格式图片!`;
export const MSG_IMAGE_SIZE = `上传图片大小不能超过 ${MAX_FILE_MB} MB!`;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const starts = (b: Buffer, sig: number[]) => b.length >= sig.length && sig.every((v, i) => b[i] === v);

/**
 * A cheap look at the first bytes, so a renamed executable or HTML page is not stored as an image
 * or document. Legacy doc/xls/ppt also accept the zip form: spreadsheets exported as .xls are
 * often xlsx inside. Text must not contain NUL bytes (binary data).
 */
const SNIFF: Record<string, (b: Buffer) => boolean> = {
  png: (b) => starts(b, PNG),
  jpg: (b) => starts(b, JPG),
  jpeg: (b) => starts(b, JPG),
  pdf: (b) => b.subarray(0, 1024).includes('%PDF-'),
  docx: (b) => starts(b, ZIP),
  xlsx: (b) => starts(b, ZIP),
  pptx: (b) => starts(b, ZIP),
  doc: (b) => starts(b, OLE) || starts(b, ZIP),
  xls: (b) => starts(b, OLE) || starts(b, ZIP),
  ppt: (b) => starts(b, OLE) || starts(b, ZIP),
  txt: (b) => !b.subarray(0, 8192).includes(0),
};

export const typeAllowed = (ext: string) => ALLOWED_TYPES.includes(ext);
export const contentMatches = (ext: string, data: Buffer) => SNIFF[ext]?.(data) ?? false;

/** `biz` names the folder: letters, digits and underscore only, so it can never be a path. */
export const BIZ = /^[A-Za-z0-9_]{1,50}$/;
export const DEFAULT_BIZ = 'common';
