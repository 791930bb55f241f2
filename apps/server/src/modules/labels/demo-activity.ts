import type { DemoActivity } from '../../platform/demo/demo-api.ts';

/** 条码打印 in 演示公司: an A4 sheet of 3 × 8 Code 128 material labels, and a 60 × 40 mm QR label for work orders. */
export const labelsDemoActivity: DemoActivity = async (api) => {
  await api.post('/labels/template/add', {
    name: '物料标签 A4 3×8',
    target: 'material',
    symbology: 'code128',
    widthMm: 66,
    heightMm: 34,
    pageWidthMm: 210,
    pageHeightMm: 297,
    columns: 3,
    rows: 8,
    marginTopMm: 5.5,
    marginLeftMm: 3,
    gapXMm: 3,
    gapYMm: 2,
    fields: ['name', 'spec', 'unit', 'code'],
    copies: 1,
  });
  await api.post('/labels/template/add', {
    name: '工单标签 60×40 QR',
    target: 'workOrder',
    symbology: 'qrcode',
    widthMm: 60,
    heightMm: 40,
    pageWidthMm: 60,
    pageHeightMm: 40,
    columns: 1,
    rows: 1,
    fields: ['woNo', 'name', 'quantity', 'date'],
    copies: 1,
  });
};
