import { describe, expect, it } from 'vitest';
import { fromDraft, pieces, saveBody, total, withUnit } from '../draft-model.ts';
import type { Draft } from '../textai-api.ts';

const draft: Draft = {
  customer: { id: 7, name: '张三', score: 1 },
  deliveryDate: '2026-11-27',
  today: '2026-11-26',
  spans: [
    { start: 0, end: 2, kind: 'customer' },
    { start: 5, end: 7, kind: 'material', line: 0 },
    { start: 8, end: 11, kind: 'quantity', line: 0 },
    { start: 12, end: 14, kind: 'date' },
  ],
  lines: [
    {
      materialId: 3,
      materialName: '可乐',
      score: 1,
      qty: '10',
      unit: '箱',
      barCode: 'B2',
      materialExtendId: 2,
      unitPrice: '80',
      units: [
        { unit: '瓶', barCode: 'B1', materialExtendId: 1, price: '3.5' },
        { unit: '箱', barCode: 'B2', materialExtendId: 2, price: '80' },
      ],
    },
  ],
};

describe('text recognition draft on the screen', () => {
  it('cuts the text at the spans for highlighting', () => {
    expect(pieces('张三 要 可乐 10箱 明天', draft.spans)).toEqual([
      { text: '张三', kind: 'customer' },
      { text: ' 要 ' },
      { text: '可乐', kind: 'material' },
      { text: ' ' },
      { text: '10箱', kind: 'quantity' },
      { text: ' ' },
      { text: '明天', kind: 'date' },
    ]);
  });

  it('a changed unit takes its barcode and price; the save body is the sales order API call; missing parts are named', () => {
    const s = fromDraft(draft, 5);
    const line = withUnit(s.lines[0]!, '瓶');
    expect([line.barCode, line.unitPrice]).toEqual(['B1', '3.5']);
    expect(total({ ...s, lines: [{ ...line, qty: '3' }] }).toFixed()).toBe('10.5');
    const r = saveBody(s, '2026-11-26 10:00:00');
    expect(r).toEqual({
      ok: true,
      body: {
        info: { type: '其它', subType: '销售订单', operTime: '2026-11-26 10:00:00', organId: 7, deliveryDate: '2026-11-27' },
        rows: [{ barCode: 'B2', operNumber: '10', unitPrice: '80', depotId: 5 }],
      },
    });
    expect(saveBody({ ...s, customerId: undefined }, 'x')).toEqual({ ok: false, key: 'needCustomer' });
    expect(saveBody({ ...s, lines: [] }, 'x')).toEqual({ ok: false, key: 'needLines' });
    expect(saveBody({ ...s, lines: [{ ...s.lines[0]!, qty: 'abc' }] }, 'x')).toEqual({ ok: false, key: 'needLine', n: 1 });
  });
});
