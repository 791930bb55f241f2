import { http, unwrap } from '../../platform/http.ts';
import { postForFile, type Download } from '../../platform/crud/file-transfer.ts';

export type Target = 'material' | 'workOrder';
export type Symbology = 'code128' | 'qrcode' | 'ean13';
export const FIELDS = ['code', 'name', 'spec', 'model', 'unit', 'batch', 'date', 'quantity', 'woNo', 'moNo'] as const;
export type LabelField = (typeof FIELDS)[number];

export interface TemplateBody {
  name: string;
  target: Target;
  symbology: Symbology;
  widthMm: number;
  heightMm: number;
  pageWidthMm: number;
  pageHeightMm: number;
  columns: number;
  rows: number;
  marginTopMm: number;
  marginLeftMm: number;
  gapXMm: number;
  gapYMm: number;
  fields: LabelField[];
  copies: number;
  remark?: string;
}
export type Template = TemplateBody & { id: number };

/** A material or work order as a label shows it. */
export interface LabelRecord {
  id: number;
  code: string;
  name: string;
  spec: string;
  model: string;
  unit: string;
  quantity: string;
  woNo: string;
  moNo: string;
}

export interface PrintBody {
  templateId: number;
  ids: number[];
  copies?: number[];
  quantities?: string[];
  batch?: string;
  date?: string;
}

export const labelsApi = {
  templates: async () => unwrap(await http.get<Template[]>('/labels/templates')),
  add: async (b: TemplateBody) => unwrap(await http.post<{ id: number }>('/labels/template/add', b)),
  update: async (id: number, b: TemplateBody) => unwrap(await http.post<{ id: number }>('/labels/template/update', { ...b, id })),
  remove: async (id: number) => unwrap(await http.post<{ id: number }>('/labels/template/delete', { id })),
  records: async (target: Target, q: string) => unwrap(await http.get<LabelRecord[]>('/labels/records', { target, q })),
  recordsById: async (target: Target, ids: number[]) => unwrap(await http.get<LabelRecord[]>('/labels/records', { target, ids: ids.join(',') })),
  preview: (templateId: number, id: number) => http.blob('/labels/preview', { templateId, id }),
  pdf: (b: PrintBody): Promise<Download> => postForFile('/labels/pdf', b, 'labels.pdf'),
  zpl: (b: PrintBody): Promise<Download> => postForFile('/labels/zpl', b, 'labels.zpl'),
  send: async (b: PrintBody & { host: string; port: number }) => unwrap(await http.post<{ labels: number; bytes: number; message: string }>('/labels/send', b)),
};
