import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api.ts';
import { captureFailure, newPage, screenshot, settled, signIn, useBrowser } from './support/browser.ts';
import { choose, pane } from './support/documents.ts';
import { rows } from './support/crud.ts';

const browser = useBrowser();
afterEach(captureFailure);

describe('CRM journey', () => {
  it('claims a lead from the high seas, converts it, opens an opportunity and drags it to the next stage', async () => {
    const run = crypto.randomBytes(3).toString('hex');
    const lead = `公海线索${run}`;
    const opp = `商机${run}`;
    const { token } = await apiSignIn('jsh');
    expect((await api('POST', '/crm/lead/add', { token, body: { name: lead, contacts: '王经理', toPool: true } })).body.code).toBe(200);
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    try {
      await signIn(page, 'jsh');
      await page.goto('/crm/high_seas');
      const pool = pane(page, '/crm/high_seas');
      await pool.getByPlaceholder('客户名称').fill(lead);
      await pool
        .getByRole('button', { name: '查 询' })
        .or(pool.getByRole('button', { name: '查询' }))
        .click();
      const poolRow = rows(pool).filter({ hasText: lead });
      await poolRow
        .getByRole('button', { name: '领 取' })
        .or(poolRow.getByRole('button', { name: '领取' }))
        .click();
      await poolRow.waitFor({ state: 'detached' });

      await page.goto('/crm/potential_customer');
      const leads = pane(page, '/crm/potential_customer');
      const leadRow = rows(leads).filter({ hasText: lead });
      await leadRow.getByText('jsh', { exact: false }).or(leadRow.locator('td').nth(4)).first().waitFor();
      await leadRow.getByRole('button', { name: /转为客户/ }).click();
      await leadRow.waitFor({ state: 'detached' });

      await page.goto('/crm/opportunity');
      const board = pane(page, '/crm/opportunity');
      await board.getByRole('button', { name: /新建商机/ }).click();
      const dialog = page.getByTestId('crm-opportunity-dialog');
      await dialog.getByLabel('商机名称').fill(opp);
      await choose(page, dialog.getByLabel('客户'), lead);
      await dialog.getByLabel('金额').fill('1234.5');
      await dialog.getByRole('button', { name: /确 定|确定|OK/ }).click();
      const card = board.getByTestId(`crm-card-${opp}`);
      const first = board.getByTestId('crm-stage-初步接洽');
      const second = board.getByTestId('crm-stage-需求确认');
      await first.getByTestId(`crm-card-${opp}`).waitFor();
      await settled(page);
      await screenshot(page, 'crm-board-phone');

      // the drag as the browser delivers it (dragstart on the card, dragover and drop on the column, one DataTransfer):
      // a mouse-driven drag at phone width lands wherever the scrolled column happens to be
      const transfer = await page.evaluateHandle(() => new DataTransfer());
      await card.dispatchEvent('dragstart', { dataTransfer: transfer });
      await second.dispatchEvent('dragover', { dataTransfer: transfer });
      await second.dispatchEvent('drop', { dataTransfer: transfer });
      await second.getByTestId(`crm-card-${opp}`).waitFor();
      const stages = (await api('GET', '/crm/board', { token })).body.data.stages as Array<{ name: string; count: number; cards: Array<{ name: string }> }>;
      const next = stages.find((s) => s.name === '需求确认')!;
      expect(next.cards.map((c) => c.name)).toContain(opp);
      // the column's figures follow the move
      await expect.poll(() => second.getByTestId('crm-stage-figures').textContent()).toContain(`${next.count} 个`);

      await page.goto('/crm/task_template');
      await pane(page, '/crm/task_template').getByTestId('crm-template-page').getByText('标准销售流程').waitFor();
    } finally {
      await context.close();
    }
  });
});
