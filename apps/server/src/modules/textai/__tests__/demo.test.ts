import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { demoApi, seededRandom } from '../../../platform/demo/demo-api.ts';
import { textaiDemoActivity } from '../index.ts';
import { okData } from './fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});

describe('the text recognition demo story', () => {
  it('adds the aliases and saves the three chat orders as sales orders, each line recognised', async () => {
    const t = await newTenant(app, 'txtdemo');
    for (const name of ['杭州云帆科技有限公司', '南京博远贸易有限公司', '苏州易购电子商行']) await okData(t.api.post('/supplier/add', { name, type: '客户' }));
    await okData(t.api.post('/depot/add', { name: '总仓' }));
    const names = ['USB-C 数据线 1米', '20W 快充充电器', '无线蓝牙耳机', '智能手环', '移动电源 10000mAh', '手机钢化膜'];
    for (const [i, name] of names.entries())
      await okData(
        t.api.post('/material/add', { name, unit: '个', barCodes: [{ barCode: `TXD${t.tenantId}${i}`, commodityUnit: '个', wholesaleDecimal: 10 + i }] }),
      );
    await textaiDemoActivity(await demoApi(app, '/api', t.loginName, t.password), seededRandom(1));

    expect((await okData(t.api.get('/textai/alias/list'))).map((a: any) => `${a.alias}→${a.targetName}`).sort()).toEqual(
      [
        '钱总→杭州云帆科技有限公司',
        '郑老板→苏州易购电子商行',
        '数据线→USB-C 数据线 1米',
        '充电头→20W 快充充电器',
        '充电宝→移动电源 10000mAh',
        '贴膜→手机钢化膜',
        '条→个',
        '张→个',
      ].sort(),
    );
    const list = await okData(t.api.get(`/depotHead/list?type=${encodeURIComponent('其它')}&subType=${encodeURIComponent('销售订单')}`));
    const orders = [];
    for (const r of list.rows) {
      const d = await okData(t.api.get(`/depotHead/getDetailByNumber?number=${r.number}`));
      orders.push([r.organName, d.rows.map((l: any) => `${l.name ?? l.materialName} ${Number(l.operNumber)}`).sort()]);
    }
    expect(orders.sort()).toEqual(
      [
        ['杭州云帆科技有限公司', ['20W 快充充电器 20', 'USB-C 数据线 1米 50']],
        ['南京博远贸易有限公司', ['无线蓝牙耳机 10', '智能手环 5']],
        ['苏州易购电子商行', ['手机钢化膜 100', '移动电源 10000mAh 8']],
      ].sort(),
    );
  });
});
