import { afterAll, describe, expect, it } from 'vitest';
import { FakeScale, ptyPair, type PtyPair } from '../apps/server/src/test-support/pty-pair.ts';
import { api, apiSignIn } from './support/api.ts';
import { newPage, screenshot, signIn, useBrowser } from './support/browser.ts';
import { chooseLanguage, go, toast } from './support/shell.ts';
import { option, pane, rows } from './support/crud.ts';
import { choose } from './support/documents.ts';

const browser = useBrowser();
let pair: PtyPair | undefined;
let scale: FakeScale | undefined;
afterAll(async () => {
  scale?.close();
  await pair?.close();
});

describe('automatic weighing', () => {
  it('a station fed by a fake scale on a pty pair: the screen shows the stable weight and records the net weight of a unit', async () => {
    const { token } = await apiSignIn('jsh');
    const ok = async (method: string, url: string, body?: unknown) => {
      const r = await api(method, url, { token, body });
      expect(r.body.code, `${url} ${JSON.stringify(r.body)}`).toBe(200);
      return r.body.data;
    };
    const tag = `${Date.now() % 100000000}`;
    const product = (await ok('POST', '/material/add', { name: `料桶${tag}`, unit: '个', barCodes: [{ barCode: `WG${tag}`, commodityUnit: '个' }] })).id;
    const centre = (await ok('POST', '/workCentre/add', { name: `灌装${tag}`, kind: 'centre', capacity: 1, costPerHour: 30 })).id;
    const proc = (await ok('POST', '/process/add', { name: `灌装${tag}`, workCentreId: centre })).id;
    const route = (
      await ok('POST', '/route/add', {
        name: `料桶路线${tag}`,
        operations: [{ seq: 10, processId: proc, workCentreId: centre, setupMinutes: 0, runMinutes: 2 }],
      })
    ).id;
    await ok('POST', '/bom/add', { materialId: product, version: 'V1', qty: 1, isDefault: true, routeId: route, lines: [] });
    const today = new Date().toISOString().slice(0, 10);
    const mo = (
      await ok('POST', '/makeOrder/add', { orderType: 'stock', orderDate: today, lines: [{ lineType: 'product', materialId: product, quantity: 5 }] })
    ).id;
    await ok('POST', '/makeOrder/release', { id: mo });
    const wo = ((await ok('GET', `/workOrder/list?search=${encodeURIComponent(JSON.stringify({ makeOrderId: mo }))}`)).rows as Array<{ woNo: string }>)[0]!;

    // a retried journey closes the last try's scale first
    scale?.close();
    await pair?.close();
    // the scale: a pty pair on this machine (the server runs here too), a fake indicator settling on 8.250 kg
    pair = await ptyPair('weigh-e2e');
    scale = new FakeScale(pair.a, 50);
    scale.show(['US,GS,+   7.900kg', '@@noise@@', 'US,GS,+   8.310kg']);
    const station = `称重站${tag}`;
    const stationId = (
      await ok('POST', '/shopfloor/weighing/station/add', {
        name: station,
        devicePath: pair.b,
        baud: 9600,
        frameFormat: 'toledo',
        tare: '0.25',
        workCentreId: centre,
      })
    ).id as number;

    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    await go(page, '/manufacture/auto_weighing');
    const p = pane(page, '/manufacture/auto_weighing');
    await choose(page, p.getByTestId('wg-station'), station);
    await expect.poll(() => p.getByTestId('wg-stable').textContent(), { timeout: 10_000 }).toBe('不稳定');
    const garbage = async () => Number((await p.getByTestId('wg-garbage').locator('.ant-statistic-content-value').textContent())?.replace(/,/g, ''));
    await expect.poll(garbage).toBeGreaterThan(0);
    scale.show(['ST,GS,+   8.250kg']);
    await expect.poll(() => p.getByTestId('wg-stable').textContent(), { timeout: 10_000 }).toBe('稳定');
    await expect.poll(() => p.getByTestId('wg-weight').textContent()).toContain('8.25');
    const woSelect = p.getByTestId('wg-wo');
    await woSelect.click();
    await page.keyboard.type(wo.woNo);
    await option(page, wo.woNo).click();
    await expect.poll(() => woSelect.textContent()).toContain(wo.woNo);
    await p.getByTestId('wg-record').click();
    await toast(page, '已记录净重 8 kg').waitFor();
    const row = rows(p.getByTestId('wg-today')).filter({ hasText: wo.woNo });
    await row.waitFor();
    expect(await row.textContent()).toContain(station);
    await screenshot(page, 'weighing-station');
    // the same screen on a phone
    await page.setViewportSize({ width: 390, height: 844 });
    await p.getByTestId('wg-weight').waitFor();
    await screenshot(page, 'weighing-station-phone');
    await chooseLanguage(page, 'en-US');
    await p.getByText('Record net weight').waitFor();
    await screenshot(page, 'weighing-station-phone-en');
    await chooseLanguage(page, 'zh-CN');
    const stored = (await ok('GET', `/shopfloor/weighing/list?stationId=${stationId}`)).rows;
    expect(stored).toMatchObject([{ woNo: wo.woNo, gross: '8.25', tare: '0.25', net: '8', unit: 'kg', source: 'station' }]);
    await ok('POST', '/shopfloor/weighing/station/delete', { id: stationId });
    await context.close();
  });
});
