import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { cached, newPage, screenshot, settled, signIn, useBrowser } from './support/browser.ts';
import { chooseLanguage, openMenu, toast, go } from './support/shell.ts';
import { confirmOk, fillMaterialForm, option, pane, rows } from './support/crud.ts';

const browser = useBrowser();

describe('entity kit pages', () => {
  // every registry entity's list page (and the user page) is opened by the menu walk (e2e/menu-walk.test.ts)
  it('shows a partner page with one type, in both languages; tenants to the platform administrator only', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    // the partner pages show one type each: no type column, the type preset in the form
    await go(page, '/system/vendor');
    const vendors = pane(page, '/system/vendor');
    expect(await vendors.locator('thead th').allInnerTexts()).not.toContain('类型');
    await vendors.getByTestId('list-add').click();
    await page.locator('.ant-modal-title').filter({ hasText: '新增供应商' }).waitFor();
    await page.getByTestId('entity-form').locator('.ant-select-disabled').filter({ hasText: '供应商' }).waitFor();
    await page.getByRole('button', { name: /取\s*消/ }).click();

    await chooseLanguage(page, 'en-US');
    await vendors.getByTestId('list-add').filter({ hasText: 'Add' }).waitFor();
    expect(await vendors.locator('.ant-pagination-total-text').textContent()).toMatch(/^\d+-\d+ of \d+$/);
    await chooseLanguage(page, 'zh-CN');
    await context.close();

    // tenants: the platform administrator only
    const admin = await newPage(browser());
    await signIn(admin.page, 'admin');
    await go(admin.page, '/system/tenant');
    const tenants = pane(admin.page, '/system/tenant');
    // by name: on PostgreSQL the API suites leave hundreds of newer companies in the same database
    await tenants.getByTestId('search-name').fill('演示公司');
    await tenants.getByTestId('search-submit').click();
    await rows(tenants).filter({ hasText: '演示公司' }).waitFor();
    expect(await tenants.getByTestId('row-delete').count()).toBe(0);
    await admin.context.close();
  });

  it('jsh keeps a warehouse: create, search, edit, disable, export, delete, import back', async () => {
    const { context, page } = await newPage(browser());
    const name = `E2E仓库${Date.now() % 100000}`;
    await signIn(page, 'jsh');
    await openMenu(page, '基本资料', '/system/depot');
    const depot = pane(page, '/system/depot');
    const form = page.getByTestId('entity-form');
    await rows(depot).first().waitFor();
    await screenshot(page, 'entity-list-depot');

    // create, with the SPEC §5 numeric check on the way
    await depot.getByTestId('list-add').click();
    await page.locator('.ant-modal-title').filter({ hasText: '新增仓库' }).waitFor();
    await form.getByTestId('field-name').fill(name);
    await form.getByTestId('field-address').fill('苏州市工业园区');
    await form.getByTestId('field-warehousing').fill('12.5');
    await form.getByTestId('field-truckage').fill('1.2345');
    await form.getByTestId('field-principal').click();
    await page.keyboard.type('王');
    await option(page, '王仓管').click();
    await page.getByTestId('form-save').click();
    await form.locator('.ant-form-item-explain-error').filter({ hasText: '搬运费只能是整数或最多3位小数' }).waitFor();
    await form.getByTestId('field-truckage').fill('3');
    await form.locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
    await screenshot(page, 'entity-form-depot');
    await page.getByTestId('form-save').click();
    await toast(page, '新增成功').waitFor();

    // the same name again is refused on the field before saving (the new form must be open and reset
    // before typing: on a busy machine the previous dialog is still closing)
    await depot.getByTestId('list-add').click();
    await page.locator('.ant-modal-title').filter({ hasText: '新增仓库' }).waitFor();
    await settled(page);
    await form.getByTestId('field-name').fill(name);
    await expect.poll(() => form.getByTestId('field-name').inputValue()).toBe(name);
    await page.getByTestId('form-save').click();
    await form.locator('.ant-form-item-explain-error').filter({ hasText: '名称已存在' }).waitFor();
    await page.getByRole('button', { name: /取\s*消/ }).click();

    // search
    await depot.getByTestId('search-name').fill(name);
    await depot.getByTestId('search-submit').click();
    await expect.poll(() => rows(depot).count()).toBe(1);
    const row = rows(depot).filter({ hasText: name });
    await row.filter({ hasText: '王仓管' }).waitFor();

    // edit
    await row.getByTestId('row-edit').click();
    await page.locator('.ant-modal-title').filter({ hasText: '编辑仓库' }).waitFor();
    await expect(form.getByTestId('field-truckage').inputValue()).resolves.toBe('3');
    await form.getByTestId('field-address').fill('苏州市相城区');
    await page.getByTestId('form-save').click();
    await toast(page, '修改成功').waitFor();
    await row.filter({ hasText: '苏州市相城区' }).waitFor();

    // batch actions need a selection; disable the row
    await depot.getByTestId('list-disable').click();
    await toast(page, '请选择一条记录！').waitFor();
    await row.locator('.ant-checkbox-input').check();
    await depot.getByTestId('list-disable').click();
    await toast(page, '操作成功').waitFor();
    await row.locator('.ant-tag').filter({ hasText: '禁用' }).waitFor();

    // export the selection: a spreadsheet named <label>MMddhhmmss.xls
    await row.locator('.ant-checkbox-input').check();
    const [download] = await Promise.all([page.waitForEvent('download'), depot.getByTestId('list-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^仓库\d{10}\.xls$/);
    const sheet = fs.readFileSync((await download.path())!);

    // delete under the System prompt
    await row.getByTestId('row-delete').click();
    await page.locator('.ant-modal-confirm-title').filter({ hasText: '系统提示' }).waitFor();
    await confirmOk(page).click();
    await toast(page, '删除成功').waitFor();
    await expect.poll(() => rows(depot).count()).toBe(0);

    // import the exported sheet back: a per-row report, and the warehouse is there again
    await depot.getByTestId('list-import').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/vnd.ms-excel', buffer: sheet });
    await page.getByTestId('import-run').click();
    await dialog.getByTestId('import-report').filter({ hasText: '共 1 行，成功 1 行，失败 0 行' }).waitFor();
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await rows(depot).filter({ hasText: name }).filter({ hasText: '王仓管' }).waitFor();

    // columns: hide 备注 in the 显示 / 隐藏 dialog (kept per page), widen 仓库名称 by dragging its edge
    await depot.getByTestId('list-columns').click();
    const settings = page.getByTestId('column-settings');
    await settings.locator('.ant-transfer-list-header-title').filter({ hasText: '隐藏' }).waitFor();
    await settings.locator('.ant-transfer-section').first().locator('.ant-transfer-list-content-item').filter({ hasText: '备注' }).click();
    const toHidden = settings.locator('.ant-transfer-actions button').first();
    await expect.poll(() => toHidden.isEnabled()).toBe(true);
    await toHidden.click();
    await settings.locator('.ant-transfer-section').last().locator('.ant-transfer-list-content-item').filter({ hasText: '备注' }).waitFor();
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await settings.waitFor({ state: 'detached' });
    await expect.poll(() => depot.locator('thead th').allInnerTexts()).not.toContain('备注');
    await expect(cached<{ hidden: string[] }>(page, 'crud_columns:/system/depot')).resolves.toMatchObject({ hidden: ['remark'] });
    const th = depot.locator('thead th').filter({ hasText: '仓库名称' });
    const before = (await th.boundingBox())!;
    await page.mouse.move(before.x + before.width - 4, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width + 60, before.y + before.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => (await th.boundingBox())!.width).toBeGreaterThan(before.width + 40);

    // clean up: the row again, through the batch delete
    await rows(depot).filter({ hasText: name }).locator('.ant-checkbox-input').check();
    await depot.getByTestId('list-delete').click();
    await confirmOk(page).click();
    await toast(page, '删除成功').waitFor();
    await context.close();
  });

  it('jsh adds a material in two units with two barcodes and an opening stock', async () => {
    const { context, page } = await newPage(browser());
    const suffix = Date.now() % 100000;
    const [piece, box] = [`E2E${suffix}01`, `E2E${suffix}12`];
    await signIn(page, 'jsh');
    await openMenu(page, '商品管理', '/material/material');
    const materials = pane(page, '/material/material');
    const form = page.getByTestId('entity-form');
    await materials.getByTestId('list-add').click();
    await page.locator('.ant-modal-title').filter({ hasText: '新增商品' }).waitFor();
    await fillMaterialForm(page, {
      name: `E2E商品${suffix}`,
      unit: '个/箱(1:12)',
      barCodes: [
        { code: piece, unit: '个', buy: '3', sell: '5' },
        { code: box, unit: '箱', buy: '30', sell: '55' },
      ],
      stock: { depot: '总仓', qty: '24' },
    });
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await screenshot(page, 'entity-form-material');
    await page.getByTestId('form-save').click();
    await toast(page, '新增成功').waitFor();

    // found by its second barcode; the list shows the base (个) barcode, its prices and the opening stock
    await materials.getByTestId('search-barCode').fill(box);
    await materials.getByTestId('search-submit').click();
    await expect.poll(() => rows(materials).count()).toBe(1);
    const row = rows(materials).first();
    await row.filter({ hasText: piece }).filter({ hasText: '个/箱(1:12)' }).waitFor();
    expect(await materials.locator('thead th').allInnerTexts()).toContain('采购价');
    await screenshot(page, 'entity-list-material');

    // the form reads the whole record: the base barcode and its prices in the form, the box barcode as a line
    await row.getByTestId('row-edit').click();
    await expect.poll(() => form.getByTestId('field-base-barCode').inputValue()).toBe(piece);
    await expect(form.getByTestId('field-base-purchaseDecimal').inputValue()).resolves.toBe('3');
    await expect.poll(() => form.getByTestId('field-barCode').count()).toBe(1);
    await expect(form.getByTestId('field-barCode').nth(0).inputValue()).resolves.toBe(box);
    await expect(form.getByTestId('field-commodityDecimal').nth(0).inputValue()).resolves.toBe('55');
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await context.close();
  });

  it('jsh adds a unit on 计量单位 and uses it for a new material, base barcode and prices in the form', async () => {
    const { context, page } = await newPage(browser());
    const suffix = Date.now() % 100000;
    await signIn(page, 'jsh');
    await openMenu(page, '商品管理', '/system/unit');
    const units = pane(page, '/system/unit');
    await units.locator('[data-testid="entity-list"][data-entity="unit"]').waitFor();
    await units.getByTestId('list-add').click();
    const form = page.getByTestId('entity-form');
    await form.getByTestId('field-name').fill(`瓶/提${suffix}`);
    await form.getByTestId('field-basicUnit').fill('瓶');
    await form.getByTestId('field-otherUnit').fill('提');
    await form.getByTestId('field-ratio').fill('6');
    await page.getByTestId('form-save').click();
    await toast(page, '新增成功').waitFor();

    await openMenu(page, '商品管理', '/material/material');
    const materials = pane(page, '/material/material');
    await materials.getByTestId('list-add').click();
    await page.locator('.ant-modal-title').filter({ hasText: '新增商品' }).waitFor();
    const code = `U${suffix}01`;
    await fillMaterialForm(page, { name: `单位商品${suffix}`, unit: `瓶/提${suffix}`, barCodes: [{ code, unit: '瓶', buy: '2', sell: '3.5' }] });
    await screenshot(page, 'material-form-base-prices');
    await page.getByTestId('form-save').click();
    await toast(page, '新增成功').waitFor();
    // saved as the base barcode in 瓶 with its prices
    const { token } = await apiSignIn('jsh');
    const found = (await api('GET', `/material/getMaterialByBarCode?barCode=${code}`, { token })).body.data;
    expect(found).toMatchObject({ commodityUnit: '瓶', basicUnit: '瓶' });
    await context.close();
  });

  it('a role without button 1 on 仓库信息 sees no add, edit or export; a price-masked role sees no purchase price', async () => {
    const { token } = await apiSignIn('jsh');
    const suffix = Date.now() % 100000;
    const role = await api('POST', '/role/add', { token, body: { name: `只读仓库${suffix}`, type: '全部数据', priceMasking: true } });
    expect(role.body.code).toBe(200);
    const roleId = role.body.data.id as number;
    const grants = (await api('GET', `/role/getGrants?id=${roleId}`, { token })).body.data as Array<{ functionId: number; url: string }>;
    const fn = (url: string) => ({ functionId: grants.find((g) => g.url === url)!.functionId, btnStr: '' });
    const granted = await api('POST', '/role/setGrants', { token, body: { roleId, grants: [fn('/system/depot'), fn('/material/material')] } });
    expect(granted.body.code).toBe(200);
    const material = {
      name: `遮价商品${suffix}`,
      unit: '个',
      barCodes: [{ barCode: `MASK${suffix}`, commodityUnit: '个', purchaseDecimal: 3, commodityDecimal: 5 }],
    };
    expect((await api('POST', '/material/add', { token, body: material })).body.code).toBe(200);
    const loginName = `e2e_ro_${suffix}`;
    expect((await api('POST', '/user/addUser', { token, body: { loginName, username: '只读用户', roleIds: [roleId] } })).body.code).toBe(200);

    const { context, page } = await newPage(browser());
    await signIn(page, loginName);
    await openMenu(page, '基本资料', '/system/depot');
    const depot = pane(page, '/system/depot');
    await rows(depot).first().waitFor();
    for (const id of ['list-add', 'list-delete', 'list-enable', 'list-export', 'list-import', 'row-edit', 'row-delete']) {
      expect(await depot.getByTestId(id).count(), id).toBe(0);
    }
    await depot.getByTestId('list-print').waitFor();

    // price masking: the server leaves the purchase price out of the reply, so the page has no column for it
    const { token: roToken } = await apiSignIn(loginName);
    const reply = (await api('GET', '/material/list?currentPage=1&pageSize=10', { token: roToken })).body.data as { rows: Array<Record<string, unknown>> };
    expect(Object.keys(reply.rows[0])).not.toContain('purchaseDecimal');
    await openMenu(page, '商品管理', '/material/material');
    const materials = pane(page, '/material/material');
    await rows(materials)
      .filter({ hasText: `MASK${suffix}` })
      .waitFor();
    const headers = await materials.locator('thead th').allInnerTexts();
    expect(headers).toContain('零售价');
    expect(headers).not.toContain('采购价');
    await context.close();
  });
});
