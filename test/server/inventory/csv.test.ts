/** CSV import (every row checked, each row's errors reported, all or nothing) and export of the parts catalogue. */
import { INVENTORY_MESSAGES } from '../../../server/src/contract/inventory';
import { amount, minorUnits } from '../../../server/src/inventory/csv';
import { ACCESS_DENIED, call, succeeded } from '../helpers/http';
import { approvedTechnician, CENTERS, useShop } from '../helpers/shop';
import { receive } from './helpers';

const shop = useShop();
const HEADER = 'sku,name,category,unit,unit_cost,sell_price';

function upload(csv: string, token: string = shop.admin.token) {
  return call(shop.app, 'POST', '/api/parts/import', { token, rawBody: csv, headers: { 'content-type': 'text/csv' } });
}

describe('money in CSV files', () => {
  it.each([
    ['1250', 125000],
    ['1250.5', 125050],
    ['1250.50', 125050],
    [' 0.99 ', 99],
    ['-1', null],
    ['12.345', null],
    ['1,250.00', null],
    ['', null],
  ])('%j → %s minor units', (text, minor) => {
    expect(minorUnits(text)).toBe(minor);
  });

  it('writes minor units as amounts with two decimals', () => {
    expect([amount(125050), amount(99), amount(0)]).toEqual(['1250.50', '0.99', '0.00']);
  });
});

describe('POST /api/parts/import', () => {
  it('creates new SKUs and updates existing ones, in one go', async () => {
    const csv = [HEADER, 'csv-oil-1,"Engine oil 5W-30, 1 L",Engine oil,litre,1800.00,2600', 'CSV-FLT-1,Oil filter,Filters,each,950.5,1500.00'].join('\n');
    expect(await succeeded(upload(csv))).toEqual({ created: 2, updated: 0 });
    const again = [HEADER, 'CSV-OIL-1,Engine oil 5W-30 (1 L),Engine oil,litre,1850,2650'].join('\r\n');
    expect(await succeeded(upload(again))).toEqual({ created: 0, updated: 1 });
    const list = await succeeded(call(shop.app, 'GET', `/api/parts?centerId=${CENTERS.downtown}&q=CSV-`, { token: shop.admin.token }));
    expect(list.items.map((part: { sku: string; name: string; unitCostMinor: number; sellPriceMinor: number; version: number }) => [part.sku, part.name, part.unitCostMinor, part.sellPriceMinor, part.version])).toEqual([
      ['CSV-FLT-1', 'Oil filter', 95050, 150000, 1],
      ['CSV-OIL-1', 'Engine oil 5W-30 (1 L)', 185000, 265000, 2],
    ]);
  });

  it('reports every bad row with its line number and imports nothing', async () => {
    const csv = [
      HEADER,
      'CSV-GOOD-1,Wiper blade,Wipers,each,800,1200',
      'bad sku,Wiper blade,Wipers,gallon,800,12.345',
      ',,Wipers,each,800,1200',
      'CSV-GOOD-1,Wiper blade again,Wipers,each,800,1200',
    ].join('\n');
    const answer = await upload(csv);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: INVENTORY_MESSAGES.csvHasErrors,
      success: false,
      errors: {
        file: INVENTORY_MESSAGES.csvHasErrors,
        'line 3': 'SKU may contain only letters, digits, dots, hyphens, underscores and slashes Unit must be one of each, litre, set, pair, metre, kg Sell price must be an amount like 1250.00',
        'line 4': 'SKU is required Name is required',
        'line 5': INVENTORY_MESSAGES.csvDuplicateSku,
      },
    });
    const list = await succeeded(call(shop.app, 'GET', `/api/parts?centerId=${CENTERS.downtown}&q=CSV-GOOD`, { token: shop.admin.token }));
    expect(list.items).toEqual([]);
  });

  it('refuses a file without the header line, an empty file, and a file that is not CSV', async () => {
    expect((await upload('sku,name\nA,B')).body.errors).toEqual({ file: INVENTORY_MESSAGES.csvHeader });
    expect((await upload(`${HEADER}\n`)).body.errors).toEqual({ file: INVENTORY_MESSAGES.csvEmpty });
    expect((await upload(`${HEADER}\n"unterminated,quote`)).body.errors).toEqual({ file: INVENTORY_MESSAGES.csvUnreadable });
  });

  it('is for admins only', async () => {
    const technician = await approvedTechnician(shop);
    expect(await upload(`${HEADER}\nX,Y,Z,each,1,1`, technician.token)).toMatchObject({ status: 403, body: ACCESS_DENIED });
  });
});

describe('GET /api/parts/export.csv', () => {
  it('writes the catalogue, with a centre’s stock when asked, and neutralises formulas', async () => {
    await succeeded(upload([HEADER, 'CSV-EXP-1,"=HYPERLINK(""x"")",Misc,each,10,20.5'].join('\n')));
    const part = (await succeeded(call(shop.app, 'GET', `/api/parts?centerId=${CENTERS.westgate}&q=CSV-EXP-1`, { token: shop.admin.token }))).items[0];
    await receive(shop.app, shop.admin.token, part.id, CENTERS.westgate, 7);
    const plain = await call(shop.app, 'GET', '/api/parts/export.csv', { token: shop.admin.token });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(plain.headers['content-disposition']).toBe('attachment; filename="parts.csv"');
    const lines = plain.text.trim().split('\n');
    expect(lines[0]).toBe(`${HEADER},archived`);
    expect(lines).toContain(`CSV-EXP-1,"'=HYPERLINK(""x"")",Misc,each,10.00,20.50,no`);
    const withStock = await call(shop.app, 'GET', `/api/parts/export.csv?centerId=${CENTERS.westgate}`, { token: shop.admin.token });
    expect(withStock.text.split('\n')[0]).toBe(`${HEADER},archived,on_hand,reserved,available,reorder_level,reorder_quantity`);
    expect(withStock.text).toContain(`CSV-EXP-1,"'=HYPERLINK(""x"")",Misc,each,10.00,20.50,no,7,0,7,0,0`);
  });
});
