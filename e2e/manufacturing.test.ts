import { describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import { chooseLanguage, go, toast } from './support/shell.ts';
import { option, pane, rows } from './support/crud.ts';

const browser = useBrowser();

describe('manufacturing', () => {
  it('BOM and route, a BOM version in the material’s BOM dialog → a make order from a sales order, released → MRP → confirm → the gantt, and a drag', async () => {
    const { token } = await apiSignIn('jsh');
    const ok = async (method: string, url: string, body?: unknown) => {
      const r = await api(method, url, { token, body });
      expect(r.body.code, `${url} ${JSON.stringify(r.body)}`).toBe(200);
      return r.body.data;
    };
    const tag = `${Date.now() % 100000000}`;
    const item = async (name: string, price: number) =>
      (
        await ok('POST', '/material/add', {
          name: `${name}${tag}`,
          unit: '个',
          barCodes: [{ barCode: `MJ${name.length}${tag}${price}`, commodityUnit: '个', purchaseDecimal: price }],
        })
      ).id as number;
    const product = await item('书柜', 0);
    const panel = await item('层板', 30);
    const screw = await item('螺丝', 1);
    const centre = (await ok('POST', '/workCentre/add', { name: `组装台${tag}`, kind: 'centre', capacity: 1 })).id;
    await ok('POST', '/process/add', { name: `组装${tag}`, workCentreId: centre });
    await ok('POST', '/team/add', { name: `组装一班${tag}`, workCentreId: centre });
    await ok('POST', '/process/add', { name: `包装${tag}`, workCentreId: centre });

    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    // a process route made in the browser: two operations (组装 then 包装) on the centre, then used by the BOM below
    await go(page, '/process/route');
    const routes = pane(page, '/process/route');
    await routes.getByTestId('list-add').click();
    const routeForm = page.getByTestId('entity-form');
    await routeForm.getByTestId('field-name').fill(`书柜路线${tag}`);
    const ops = routeForm.getByTestId('lines-operations');
    const pick = async (field: string, line: number, text: string) => {
      await ops.getByTestId(field).nth(line).click();
      await page.keyboard.type(text);
      await option(page, text).click();
      await ops.getByTestId(field).nth(line).getByText(text).waitFor();
    };
    for (const [i, [seq, name, setup, run]] of [
      ['10', `组装${tag}`, '20', '30'],
      ['20', `包装${tag}`, '0', '10'],
    ].entries()) {
      await routeForm.getByTestId('lines-operations-add').click();
      await ops.getByTestId('field-seq').nth(i).fill(seq!);
      await pick('field-processId', i, name!);
      await pick('field-workCentreId', i, `组装台${tag}`);
      await ops.getByTestId('field-setupMinutes').nth(i).fill(setup!);
      await ops.getByTestId('field-runMinutes').nth(i).fill(run!);
    }
    await page.getByTestId('form-save').click();
    await rows(routes)
      .filter({ hasText: `书柜路线${tag}` })
      .waitFor();
    await screenshot(page, 'manufacturing-route');
    const route = ((await ok('GET', `/route/list?search=${encodeURIComponent(JSON.stringify({ name: `书柜路线${tag}` }))}`)).rows as { id: number }[])[0]!.id;
    await ok('POST', '/bom/add', {
      materialId: product,
      version: 'V1',
      qty: 1,
      isDefault: true,
      routeId: route,
      lines: [
        { materialId: panel, qty: 5 },
        { materialId: screw, qty: 24, scrapRate: 5 },
      ],
    });
    const customer = ((await ok('GET', '/supplier/findBySelect_cus')) as { id: number; name: string }[])[0].id;
    const depotId = ((await ok('GET', '/depot/list?pageSize=10')).rows as { id: number }[])[0].id;
    const so = await ok('POST', '/depotHead/addDepotHeadAndDetail', {
      info: { type: '其它', subType: '销售订单', operTime: `${new Date().toISOString().slice(0, 10)} 08:00:00`, organId: customer, status: '1' },
      rows: [{ barCode: `MJ2${tag}0`, operNumber: 4, unitPrice: 900, depotId }],
    });

    // the material list's BOM dialog: V1 (made above) is listed; a version V2 made in the browser, one component
    await go(page, '/material/material');
    const materials = pane(page, '/material/material');
    await materials.getByTestId('search-name').fill(`书柜${tag}`);
    await materials.getByTestId('search-submit').click();
    await rows(materials)
      .filter({ hasText: `书柜${tag}` })
      .getByTestId('material-bom')
      .click();
    const boms = page.getByTestId('material-bom-dialog');
    await rows(boms).filter({ hasText: 'V1' }).waitFor();
    await boms.getByTestId('bom-add').click();
    const form = page.getByTestId('entity-form');
    await form.getByTestId('field-version').fill(`V2`);
    await form.getByTestId('field-qty').fill('1');
    await form.getByTestId('lines-lines-add').click();
    // a search select: on a loaded machine the option's click may land while the list is still loading; then again
    const component = form.getByTestId('lines-lines').getByTestId('field-materialId');
    for (let attempt = 1; ; attempt++) {
      await component.click();
      await page.keyboard.type(`层板${tag}`);
      await option(page, `层板${tag}`).click();
      try {
        await component.getByText(`层板${tag}`).waitFor({ timeout: 10_000 });
        break;
      } catch (e) {
        if (attempt >= 3) throw e;
        await page.keyboard.press('Escape');
      }
    }
    await form.getByTestId('lines-lines').getByTestId('field-qty').fill('6');
    await page.getByTestId('form-save').click();
    await rows(boms).filter({ hasText: 'V2' }).waitFor();
    await screenshot(page, 'manufacturing-material-bom');
    await page.keyboard.press('Escape');
    await boms.waitFor({ state: 'hidden' });
    // a make order from the sales order, released into its work order
    await go(page, '/manufacture/make_order');
    const mo = pane(page, '/manufacture/make_order');
    await mo.getByTestId('mo-sale-no').fill(so.number);
    await mo.getByRole('button', { name: '从销售订单生成' }).click();
    await toast(page, '已生成制造订单').waitFor();
    const row = mo.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: so.number });
    await row.getByRole('button', { name: '下达' }).click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await toast(page, '已下达').waitFor();
    await screenshot(page, 'manufacturing-make-orders');
    const made = (await ok('GET', `/workOrder/list?search=${encodeURIComponent(JSON.stringify({ materialId: product }))}`)).rows as Array<{
      seq: number;
      woNo: string;
      plannedStart: string;
    }>;
    expect(made.map((w) => w.seq)).toEqual([10, 20]);

    // 日排产: the week planned into daily tasks from today; the first operation's day shows it under the centre's team
    await go(page, '/manufacture/day_schedule');
    const day = pane(page, '/manufacture/day_schedule');
    await day.getByTestId('day-tasks-generate').click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await toast(page, '已生成').waitFor();
    const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`).getTime();
    const ahead = Math.round((new Date(`${made[0]!.plannedStart.slice(0, 10)}T00:00:00Z`).getTime() - today) / 86400000);
    for (let i = 0; i < ahead; i++) await day.getByTestId('day-next').click();
    await day
      .getByTestId('day-team')
      .filter({ hasText: `组装一班${tag}` })
      .getByText(made[0]!.woNo)
      .waitFor();
    await screenshot(page, 'manufacturing-day-tasks');

    // MRP in the background, then its purchase proposals for the components confirmed
    await go(page, '/manufacture/production_needs');
    const needs = pane(page, '/manufacture/production_needs');
    const before = (await ok('GET', '/mrp/latest'))?.id ?? 0;
    await needs.getByRole('button', { name: '运行MRP' }).click();
    await expect.poll(async () => (await ok('GET', '/mrp/latest'))?.id > before && (await ok('GET', '/mrp/latest')).status, { timeout: 90_000 }).toBe('done');
    await needs.getByTestId('mrp-status').getByText('上次运算').waitFor();
    for (const name of [`层板${tag}`, `螺丝${tag}`]) {
      const r = needs.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
      await r.locator('.ant-checkbox-input').check();
    }
    await needs.getByRole('button', { name: '确认所选' }).click();
    await toast(page, '已确认').waitFor();
    await screenshot(page, 'manufacturing-mrp');

    // the gantt: the work order's bar, dragged two hours later
    const wo = (
      (await ok('GET', `/workOrder/list?search=${encodeURIComponent(JSON.stringify({ materialId: product }))}`)).rows as Array<{
        id: number;
        plannedStart: string;
      }>
    )[0];
    await needs.getByRole('button', { name: '排产甘特图' }).click();
    const gantt = pane(page, '/productionManagement/scheduleProduction');
    await gantt.getByTestId('gantt-render-ms').waitFor();
    const barRect = () =>
      gantt
        .getByTestId('gantt-canvas')
        .evaluate((el, id) => (el as HTMLElement & { barRect?: (i: number) => DOMRect | undefined }).barRect?.(id)?.toJSON() ?? null, wo.id);
    await expect.poll(barRect).toBeTruthy();
    const rect = (await barRect()) as { x: number; y: number; width: number; height: number };
    await screenshot(page, 'manufacturing-gantt');
    const x = rect.x + Math.min(10, rect.width / 2);
    const y = rect.y + rect.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(x + i * 12, y);
    await page.mouse.up();
    await toast(page, '已调整到').waitFor();
    const moved = (
      (await ok('GET', `/workOrder/list?search=${encodeURIComponent(JSON.stringify({ materialId: product }))}`)).rows as Array<{ plannedStart: string }>
    )[0];
    expect(moved.plannedStart).not.toBe(wo.plannedStart);
    await screenshot(page, 'manufacturing-gantt-dragged');
    await context.close();
  });

  it('尺码横排: a make order typed by colour × size with the keyboard and saved; the data panel opens with its charts (zh, phone en)', async () => {
    const { token } = await apiSignIn('jsh');
    const ok = async (method: string, url: string, body?: unknown) => {
      const r = await api(method, url, { token, body });
      expect(r.body.code, `${url} ${JSON.stringify(r.body)}`).toBe(200);
      return r.body.data;
    };
    const tag = `${Date.now() % 100000000}`;
    const ids: Record<string, number> = {};
    for (const [i, [color, standard]] of [
      ['白色', '30'],
      ['白色', '31'],
      ['蓝色', '30'],
      ['蓝色', '31'],
    ].entries())
      ids[`${color}${standard}`] = (
        await ok('POST', '/material/add', {
          name: `童鞋${tag}`,
          model: 'K1',
          color,
          standard,
          unit: '双',
          barCodes: [{ barCode: `TX${tag}${i}`, commodityUnit: '双' }],
        })
      ).id;
    const mo = (
      await ok('POST', '/makeOrder/add', {
        orderType: 'stock',
        orderDate: new Date().toISOString().slice(0, 10),
        lines: [{ lineType: 'product', materialId: ids['白色30'], quantity: 1 }],
      })
    ).id as number;
    const moNo = (await ok('GET', `/makeOrder/info?id=${mo}`)).moNo as string;

    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    await go(page, '/manufacture/make_order');
    const list = pane(page, '/manufacture/make_order');
    await list.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: moNo }).getByTestId('mo-sizes').click();
    const grid = page.getByTestId('sizes-input');
    await grid.getByTestId('cs-白色-30').click();
    // typing replaces the focused cell; arrows move between cells
    for (const [text, key] of [
      ['5', 'ArrowRight'],
      ['7', 'ArrowDown'],
      ['3', 'ArrowLeft'],
      ['2', null],
    ] as const) {
      await page.keyboard.type(text);
      if (key) await page.keyboard.press(key);
    }
    await grid.getByTestId('sizes-input-total').getByText('17').waitFor();
    await screenshot(page, 'manufacturing-size-grid');
    await page.getByTestId('sizes-save').click();
    await toast(page, '已保存').waitFor();
    const lines = (await ok('GET', `/makeOrder/info?id=${mo}`)).lines as Array<{ materialId: number; quantity: number | string }>;
    expect(Object.fromEntries(lines.map((l) => [l.materialId, Number(l.quantity)]))).toEqual({
      [ids['白色30']!]: 5,
      [ids['白色31']!]: 7,
      [ids['蓝色30']!]: 2,
      [ids['蓝色31']!]: 3,
    });
    await page.keyboard.press('Escape');

    await go(page, '/manufacture/data_panel');
    const dataPanel = page.getByTestId('mfg-data-panel');
    for (const id of ['dp-states', 'dp-output', 'dp-load', 'dp-top']) await dataPanel.getByTestId(id).locator('canvas').first().waitFor();
    await screenshot(page, 'manufacturing-data-panel');
    await context.close();

    const phone = await newPage(browser(), { width: 390, height: 844 });
    await signIn(phone.page, 'jsh');
    await chooseLanguage(phone.page, 'en-US');
    await go(phone.page, '/manufacture/data_panel');
    await phone.page.getByTestId('dp-output').getByText('Output per day').waitFor();
    await phone.page.getByTestId('dp-load').locator('canvas').first().waitFor();
    await screenshot(phone.page, 'manufacturing-data-panel-phone-en');
    await phone.context.close();
  });
});
