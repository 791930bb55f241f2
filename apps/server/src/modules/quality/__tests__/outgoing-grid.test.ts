import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { cellOf, colourSize } from '../outgoing-grid.queries.ts';
import { incomingTemplate, ok, values } from './fixtures.ts';

interface Grid {
  number: string;
  grids: Array<{
    name: string;
    colours: string[];
    sizes: string[];
    cells: Array<{ colour: string; size: string; inspectionId: number; status: string; lotQty: string; sampleSize: number }>;
  }>;
}

describe('quality: outgoing inspection by colour × size', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'qgr');
  const other = await newTenant(app, 'qgx');
  const w = await world(t.api);
  // variants as materials of one name and model: colour (颜色) and size (规格)
  const variants: Array<[string, string, string]> = [
    ['SHOE-R-39', '红色', '39'],
    ['SHOE-R-38', '红色', '38'],
    ['SHOE-B-38', '黑色', '38'],
  ];
  const shoes: number[] = [];
  for (const [code, color, standard] of variants) shoes.push(await w.material('跑鞋', code, { model: 'R1', color, standard }));
  const bag = await w.material('鞋袋', 'BAG01');
  // one outgoing template per variant, sharing its detection items
  const items = await incomingTemplate(t.api, shoes[0]!, 'G', 2, 'outgoing');
  for (const [i, id] of shoes.slice(1).entries())
    await ok(
      t.api.post('/detectionTemplate/add', {
        name: `出货${i}`,
        stage: 'outgoing',
        materialId: id,
        sampling: 'fixed',
        sampleValue: 2,
        items: [{ itemId: items.length }, { itemId: items.look }],
      }),
    );
  await incomingTemplate(t.api, bag, 'GB', 2, 'outgoing');

  it('reads colour and size from a two-part SKU, else from the material’s colour and specification', () => {
    expect(colourSize('红色,38')).toEqual({ colour: '红色', size: '38' });
    expect(colourSize(' 黑色 / XL ')).toEqual({ colour: '黑色', size: 'XL' });
    expect(colourSize('红色')).toBeNull();
    expect(colourSize('a,b,c')).toBeNull();
    expect(colourSize(null)).toBeNull();
    const m = { material_id: 7, name: '跑鞋', model: 'R1', color: '白色', standard: '40', sku: null };
    expect(cellOf({ ...m, sku: '红色,38' })).toEqual({ key: 'm7', title: '跑鞋', colour: '红色', size: '38' });
    expect(cellOf(m)).toMatchObject({ title: '跑鞋 R1', colour: '白色', size: '40' });
    expect(cellOf({ ...m, standard: ' ' })).toBeNull();
  });

  it('one cell per colour and size of the shipped lines, sizes in order; a cell decided shows its verdict; lines without colour and size are not in it', async () => {
    await saved(t.api, '入库', '其它', [...variants.map(([code]) => line(code, 50, 80, w.depotA)), line('BAG01', 50, 2, w.depotA)], {
      organId: w.supplier,
    });
    const sale = await saved(
      t.api,
      '出库',
      '销售',
      [line('SHOE-R-39', 12, 150, w.depotA), line('SHOE-R-38', 10, 150, w.depotA), line('SHOE-B-38', 8, 150, w.depotA), line('BAG01', 30, 5, w.depotA)],
      { organId: w.customer },
    );
    await ok(t.api.post('/quality/inspection/forSaleOut', { number: sale.number }));
    const grid = await ok<Grid>(t.api.get(`/quality/inspection/grid?number=${sale.number}`));
    expect(grid.grids).toHaveLength(1);
    const [g] = grid.grids;
    expect(g).toMatchObject({ name: '跑鞋 R1', colours: ['红色', '黑色'], sizes: ['38', '39'] });
    expect(g!.cells.map((c) => [c.colour, c.size, c.lotQty, c.status])).toEqual([
      ['红色', '39', '12', 'pending'],
      ['红色', '38', '10', 'pending'],
      ['黑色', '38', '8', 'pending'],
    ]);
    const red38 = g!.cells.find((c) => c.colour === '红色' && c.size === '38')!;
    await ok(t.api.post('/quality/inspection/results', { id: red38.inspectionId, results: values(items, red38.sampleSize) }));
    await ok(t.api.post('/quality/inspection/verdict', { id: red38.inspectionId, verdict: 'pass' }));
    const after = await ok<Grid>(t.api.get(`/quality/inspection/grid?number=${sale.number}`));
    expect(after.grids[0]!.cells.map((c) => c.status)).toEqual(['pending', 'pass', 'pending']);

    // another company's outbound number is not found
    const foreign = await other.api.get(`/quality/inspection/grid?number=${sale.number}`);
    expect(foreign.body.data.message).toBe('销售出库单不存在');
  });
});
