import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { captureFailure, newPage, screenshot, settled, signIn, useBrowser } from './support/browser.ts';
import { choose, pane } from './support/documents.ts';
import { chooseLanguage, go } from './support/shell.ts';

const browser = useBrowser();
afterEach(captureFailure);

const digits = (s: string | null) => Number((s ?? '').replace(/[^\d.]/g, ''));

describe('projects journey', () => {
  let projectId = 0;
  let runTag = '';

  it('creates a project from a template, links two tasks on the gantt, records a collection and an expense: the panel follows', async () => {
    const run = crypto.randomBytes(3).toString('hex');
    runTag = run;
    const { token } = await apiSignIn('jsh');
    const post = async (url: string, body: object) => {
      const r = await api('POST', url, { token, body });
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    };
    const tpl = await post('/project/add', { name: `模板${run}`, startDate: '2026-12-07', isTemplate: true });
    await post('/project/task/add', { projectId: tpl.id, name: `调研${run}`, duration: 3 });
    await post('/project/task/add', { projectId: tpl.id, name: `实施${run}`, duration: 4 });
    // no try/finally: a failed step leaves the page open for captureFailure's screenshot
    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    await page.goto('/project/panel');
    const panelIncome = pane(page, '/project/panel').getByTestId('panel-income');
    await panelIncome.waitFor();
    await settled(page);
    const before = digits(await panelIncome.textContent());

    await page.goto('/project/list');
    await pane(page, '/project/list').getByTestId('new-project').click();
    await page.waitForURL(/\/blank\/newProject/);
    await page.getByTestId('project-name').fill(`项目${run}`);
    await choose(page, page.getByTestId('project-template'), `模板${run}`);
    await page.getByTestId('save-project').click();
    await page.waitForURL(/\/blank\/projectDetail\?id=\d+/);
    projectId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByTestId('project-gantt').waitFor();

    // link the two tasks copied from the template: 调研 → 实施 (finish-to-start)
    await page.getByTestId('open-link').click();
    await choose(page, page.getByTestId('link-pred'), `调研${run}`);
    await choose(page, page.getByTestId('link-succ'), `实施${run}`);
    await page.getByTestId('link-ok').click();
    await expect.poll(async () => (await api('GET', `/project/detail?id=${projectId}`, { token })).body.data.links.length, { timeout: 30_000 }).toBe(1);
    const tasks = (await api('GET', `/project/detail?id=${projectId}`, { token })).body.data.tasks as Array<{
      id: number;
      name: string;
      startDate: string;
      endDate: string;
    }>;
    // the successor now starts after its predecessor's 3 working days (the project starts today, the form's default)
    const pred = tasks.find((x) => x.name === `调研${run}`)!;
    const succ = tasks.find((x) => x.name === `实施${run}`)!;
    expect(succ.startDate > pred.endDate, JSON.stringify(tasks)).toBe(true);
    await settled(page);
    await screenshot(page, 'projects-detail-gantt');

    // 编辑任务 in the task view: an empty name is refused on the form; a longer 实施 moves its finish
    await page.getByRole('tab', { name: /^任务/ }).click();
    await page
      .locator('.ant-table-row')
      .filter({ hasText: `实施${run}` })
      .getByTestId('task-edit')
      .click();
    await page.getByTestId('task-edit-name').fill('');
    await page.getByTestId('task-edit-save').click();
    await page.getByText('请填写任务名称').waitFor();
    await page.getByTestId('task-edit-name').fill(`实施${run}改`);
    await page.getByTestId('task-edit-duration').fill('6');
    await expect.poll(() => page.getByTestId('task-edit-pred-row').count()).toBe(1);
    await screenshot(page, 'projects-task-edit');
    await page.getByTestId('task-edit-save').click();
    const edited = async () => ((await api('GET', `/project/detail?id=${projectId}`, { token })).body.data.tasks as typeof tasks).find((x) => x.id === succ.id);
    await expect.poll(async () => (await edited())?.name, { timeout: 30_000 }).toBe(`实施${run}改`);
    expect((await edited())!.endDate > succ.endDate).toBe(true);
    await page
      .locator('.ant-table-row')
      .filter({ hasText: `实施${run}改` })
      .getByText((await edited())!.endDate)
      .waitFor();

    await page.getByRole('tab', { name: '收支' }).click();
    await page.getByTestId('go-collection').click();
    await page.waitForURL(/\/blank\/newCollection/);
    await page.getByLabel('金额').fill('1000');
    await page.getByTestId('save-money').click();
    await page.waitForURL(/\/blank\/projectDetail/);
    await page.getByTestId('go-expense').click();
    await page.waitForURL(/\/blank\/newExpenses/);
    await page.getByLabel('金额').fill('200');
    await page.getByTestId('save-money').click();
    await page.waitForURL(/\/blank\/projectDetail/);
    await expect.poll(async () => digits(await page.getByTestId('pnl-profit').textContent())).toBe(800);
    await screenshot(page, 'projects-money');

    // 项目收款: the collections of every project, searched down to this one, with their sum
    await page.goto('/project/collection');
    const collections = pane(page, '/project/collection');
    await choose(page, collections.getByTestId('record-project'), `项目${run}`);
    await collections.getByTestId('search-submit').click();
    await expect.poll(async () => digits(await collections.getByTestId('record-sum').textContent())).toBe(1000);
    await expect.poll(() => collections.locator('.ant-table-row').count()).toBe(1);
    await settled(page);
    await screenshot(page, 'projects-collections');

    await page.goto('/project/panel');
    await expect.poll(async () => digits(await pane(page, '/project/panel').getByTestId('panel-income').textContent())).toBe(before + 1000);
    await settled(page);
    await screenshot(page, 'projects-panel');

    // 项目报表 · 项目进度: the project found by the search opens its two tasks with their planned dates
    await page.goto('/project/report');
    const report = pane(page, '/project/report');
    await report.getByRole('tab', { name: '项目进度' }).click();
    await choose(page, report.getByTestId('progress-project'), `项目${run}`);
    await report.getByTestId('progress-search').click();
    await expect.poll(() => report.getByTestId('progress-table').locator('.ant-table-row').count()).toBe(1);
    await report.getByTestId(`progress-open-${projectId}`).click();
    await expect.poll(() => page.getByTestId('progress-task-table').locator('.ant-table-row').count()).toBe(2);
    await page.getByTestId('progress-task-table').getByText(succ.startDate).first().waitFor();
    // 汇报进度: the first task done; the server fills its actual dates
    await page.getByTestId(`progress-report-${pred.id}`).click();
    await page.getByTestId('progress-value').fill('100');
    await page.getByTestId('progress-save').click();
    const progressOf = async (id: number) =>
      (
        (await api('GET', `/project/report/progress/tasks?projectId=${projectId}`, { token })).body.data.rows as Array<{
          id: number;
          progress: number;
          actualEnd: string | null;
        }>
      ).find((r) => r.id === id);
    await expect.poll(async () => progressOf(pred.id).then((r) => [r?.progress, !!r?.actualEnd]), { timeout: 30_000 }).toEqual([100, true]);
    await settled(page);
    await screenshot(page, 'projects-progress-zh');
    await context.close();
  });

  it('shows the project screens in English at phone width', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await signIn(page, 'jsh');
    await chooseLanguage(page, 'en-US');
    await page.goto('/project/list');
    await pane(page, '/project/list').getByRole('tab', { name: 'Templates' }).waitFor();
    await settled(page);
    await screenshot(page, 'projects-list-phone-en');
    await page.goto(`/blank/projectDetail?id=${projectId}&tab=money`);
    await page.getByTestId('pnl-income').waitFor();
    await page.getByText('Collection').first().waitFor();
    await settled(page);
    await screenshot(page, 'projects-detail-phone-en');
    await page.goto('/project/task');
    await pane(page, '/project/task').locator('.ant-table-row').first().waitFor();
    await pane(page, '/project/task').getByText('Assignee').first().waitFor();
    await pane(page, '/project/task').getByTestId('record-export').waitFor();
    await settled(page);
    await screenshot(page, 'projects-tasks-phone-en');
    // the other menu lists and the report open on the demo story's rows
    for (const url of ['/project/resource_pricing', '/project/contract', '/project/payment', '/project/expenses', '/project/risk', '/project/report']) {
      await page.goto(url);
      await pane(page, url).locator('.ant-table-row').first().waitFor();
      if (url === '/project/resource_pricing') await screenshot(page, 'projects-resource-pricing-phone-en');
    }
    await settled(page);
    await screenshot(page, 'projects-report-phone-en');
    // 项目进度 and 设备进度 at phone width, on the demo story's projects and devices
    const report = pane(page, '/project/report');
    await page.goto('/project/report?tab=progress');
    await report.getByTestId('progress-table').locator('.ant-table-row').first().waitFor();
    await settled(page);
    await screenshot(page, 'projects-progress-phone-en');
    await page.goto('/project/report?tab=devices');
    await report.getByTestId('device-table').locator('.ant-table-row').first().waitFor();
    await settled(page);
    await screenshot(page, 'projects-devices-phone-en');
    // 项目工作台: the demo projects' progress
    await page.goto('/project/workbench');
    await pane(page, '/project/workbench').getByTestId('wb-projects').locator('.ant-list-item').first().waitFor();
    const portal = pane(page, '/project/workbench').getByTestId('wb-portal-myTasks');
    await portal.waitFor();
    await settled(page);
    await screenshot(page, 'projects-workbench-phone-en');
    // a portal opens its list
    await portal.click();
    await pane(page, '/project/task').getByTestId('record-table').waitFor();
    // 项目验收, 项目售后, 项目总结, 交付物: the demo story's rows; a deliverable's versions on its /blank page
    for (const url of ['/project/acceptance', '/project/after_sales', '/project/summary', '/project/deliverables']) {
      await page.goto(url);
      await pane(page, url).locator('.ant-table-row').first().waitFor();
    }
    await settled(page);
    await screenshot(page, 'projects-deliverables-phone-en');
    await pane(page, '/project/deliverables').getByTestId('deliverable-versions').first().click();
    await page.waitForURL(/\/blank\/newDeliverables\?.*deliverableId=\d+/);
    await expect.poll(() => page.getByTestId('deliverable-version-table').locator('.ant-table-row').count()).toBeGreaterThanOrEqual(2);
    await settled(page);
    await screenshot(page, 'projects-deliverable-versions-phone-en');
    // 登记工时 (/blank/addNewWork): an entry logged at phone width shows in the project's time entries
    await page.goto(`/blank/addNewWork?projectId=${projectId}`);
    await choose(page, page.getByTestId('work-task'), `调研${runTag}`);
    await page.getByTestId('save-doc').click();
    await expect.poll(() => page.getByTestId('time-table').locator('.ant-table-row').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await settled(page);
    await screenshot(page, 'projects-time-phone-en');
    // a draft entry is edited (its hours) and deleted by its author
    const { token } = await apiSignIn('jsh');
    const entries = async () =>
      (await api('GET', `/project/time/list?projectId=${projectId}`, { token })).body.data.rows as Array<{ id: number; status: string; hours: string }>;
    await page.getByTestId('work-hours').fill('2');
    await page.getByText('Submit for approval on save').click();
    await page.getByTestId('save-doc').click();
    await expect.poll(async () => (await entries()).filter((r) => r.status === 'draft').length, { timeout: 30_000 }).toBe(1);
    const draft = (await entries()).find((r) => r.status === 'draft')!;
    await page.getByTestId(`edit-time-${draft.id}`).click();
    await page.getByTestId('time-editing').waitFor();
    await page.getByTestId('work-hours').fill('3');
    await page.getByTestId('save-doc').click();
    await expect.poll(async () => (await entries()).find((r) => r.id === draft.id)?.hours, { timeout: 30_000 }).toBe('3.000000');
    await page.getByTestId(`delete-time-${draft.id}`).click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(async () => (await entries()).some((r) => r.id === draft.id), { timeout: 30_000 }).toBe(false);
    await context.close();
  });

  it('opens the frozen dossier of the demo closed project on 项目档案, in zh and in English at phone width', async () => {
    for (const [lang, width] of [
      ['zh-CN', 1440],
      ['en-US', 390],
    ] as const) {
      const { context, page } = await newPage(browser(), { width, height: 900 });
      try {
        await signIn(page, 'jsh');
        if (lang === 'en-US') await chooseLanguage(page, lang);
        await go(page, '/project/archive');
        const list = pane(page, '/project/archive').getByTestId('project-archives');
        const row = list.locator('.ant-table-row').filter({ hasText: '华北产线试点' }).first();
        await row.locator('[data-testid^="archive-view-"]').click();
        const dossier = pane(page, '/project/archive').getByTestId('archive-dossier');
        await dossier.getByText('华北产线试点').first().waitFor();
        await pane(page, '/project/archive').getByTestId('dossier-export').waitFor();
        await settled(page);
        await screenshot(page, `project-archive-dossier-${lang}`);
      } finally {
        await context.close();
      }
    }
  });

  it('records an after-sales problem on its /blank form and finds it on 项目售后', async () => {
    const title = `漏读${crypto.randomBytes(3).toString('hex')}`;
    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    await page.goto(`/blank/newProblem?projectId=${projectId}`);
    await page.getByTestId('doc-title').fill(title);
    await page.getByTestId('save-doc').click();
    await page.waitForURL(/\/project\/after_sales/);
    const list = pane(page, '/project/after_sales');
    await list.getByTestId('record-keyword').fill(title);
    await list.getByTestId('search-submit').click();
    await expect.poll(() => list.locator('.ant-table-row').count()).toBe(1);
    // 编辑 opens the /blank form with the problem loaded; the new title is saved; then it is deleted
    await list.locator('.ant-table-row').getByText('编辑').click();
    await page.waitForURL(/\/blank\/newProblem\?.*id=\d+/);
    await expect.poll(() => page.getByTestId('doc-title').inputValue()).toBe(title);
    await page.getByTestId('doc-title').fill(`${title}改`);
    await page.getByTestId('save-doc').click();
    await page.waitForURL(/\/project\/after_sales/);
    const edited = list.locator('.ant-table-row').filter({ hasText: `${title}改` });
    await edited.waitFor();
    await edited.getByText('删除').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(() => edited.count()).toBe(0);
    await context.close();
  });
  it('records procurement needs of a project and makes one purchase request of two (zh, en at phone width)', async () => {
    const run = crypto.randomBytes(3).toString('hex');
    const { token } = await apiSignIn('jsh');
    const post = async (url: string, body: object) => {
      const r = await api('POST', url, { token, body });
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    };
    const project = await post('/project/add', { name: `需求项目${run}`, startDate: '2026-12-07' });
    const material = await post('/material/add', { name: `需求料${run}`, unit: '个', barCodes: [{ barCode: `PN${run}`, commodityUnit: '个' }] });
    await post('/project/procurementNeeds/add', { projectId: project.id, materialId: material.id, qty: '5', needDate: '2026-12-20' });
    const { context, page } = await newPage(browser());
    await signIn(page, 'jsh');
    await page.goto('/bill/procurement_needs');
    const needs = pane(page, '/bill/procurement_needs');
    await choose(page, needs.getByTestId('need-project'), `需求项目${run}`);
    await needs.getByTestId('search-submit').click();
    await expect.poll(() => needs.locator('.ant-table-row').count()).toBe(1);
    // 新建 opens the /blank form for the chosen project
    await needs.getByTestId('need-add').click();
    await page.waitForURL(/\/blank\/newProcurementNeeds\?projectId=/);
    await page.getByTestId('need-material').click();
    await page.keyboard.type(`需求料${run}`);
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: `需求料${run}` })
      .first()
      .click();
    await page.getByTestId('need-qty').fill('12');
    await screenshot(page, 'procurement-needs-form');
    await page.getByTestId('save-need').click();
    await page.waitForURL(/\/bill\/procurement_needs/);
    await choose(page, needs.getByTestId('need-project'), `需求项目${run}`);
    await needs.getByTestId('search-submit').click();
    await expect.poll(() => needs.locator('.ant-table-row').count()).toBe(2);
    // 生成请购单 of both: they become requested, with the request's number
    await needs.locator('.ant-table-thead .ant-checkbox-input').check();
    await needs.getByTestId('need-to-request').click();
    await expect.poll(() => needs.locator('.ant-table-row').filter({ hasText: 'QGD' }).count()).toBe(2);
    await needs.getByText('已请购').first().waitFor();
    await settled(page);
    await screenshot(page, 'procurement-needs-zh');
    await context.close();

    const phone = await newPage(browser(), { width: 390, height: 844 });
    await signIn(phone.page, 'jsh');
    await chooseLanguage(phone.page, 'en-US');
    await phone.page.goto('/bill/procurement_needs');
    const list = pane(phone.page, '/bill/procurement_needs');
    await list.getByText('Needed by').first().waitFor();
    await list.locator('.ant-table-row').first().waitFor();
    await settled(phone.page);
    await screenshot(phone.page, 'procurement-needs-phone-en');
    await phone.context.close();
  });
});
