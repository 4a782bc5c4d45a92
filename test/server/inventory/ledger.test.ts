/**
 * Stock as a ledger: receipts, adjustments (with a reason), transfers and reversals are movements; on hand moves with
 * them in the same transaction, never below zero, and always equals the ledger's sum — also after many concurrent
 * requests over real HTTP. The ledger itself refuses edits and deletions.
 */
import { sql } from 'kysely';
import { INVENTORY_MESSAGES, notEnoughStock } from '../../../server/src/contract/inventory';
import { call, failure, invalid, succeeded } from '../helpers/http';
import { CENTERS, http, listen, useShop } from '../helpers/shop';
import { ledgerMatches, newPart, receive, stockOf } from './helpers';

const shop = useShop();

describe('stock movements', () => {
  it('receives, adjusts with a reason, and answers each movement with who, when and the stock after it', async () => {
    const part = await newPart(shop.app, shop.admin.token);
    const received = await receive(shop.app, shop.admin.token, part.id, CENTERS.downtown, 12);
    expect(received.movements).toEqual([
      { id: expect.any(String), partId: part.id, centerId: CENTERS.downtown, kind: 'RECEIVED', quantity: 12, actor: { id: shop.admin.id, fullName: expect.any(String) }, occurredAt: expect.any(String) },
    ]);
    expect(received.stock).toEqual([expect.objectContaining({ centerId: CENTERS.downtown, onHand: 12, available: 12 })]);
    const adjusted = await succeeded(call(shop.app, 'POST', `/api/parts/${part.id}/adjust`, { token: shop.admin.token, body: { centerId: CENTERS.downtown, quantity: -2, reason: 'Two damaged in storage' } }));
    expect(adjusted.movements[0]).toMatchObject({ kind: 'ADJUSTED', quantity: -2, reason: 'Two damaged in storage' });
    expect(adjusted.stock[0].onHand).toBe(10);
  });

  it('an adjustment needs a reason and a quantity other than 0', async () => {
    const part = await newPart(shop.app, shop.admin.token);
    expect(await call(shop.app, 'POST', `/api/parts/${part.id}/adjust`, { token: shop.admin.token, body: { centerId: CENTERS.downtown, quantity: 1, reason: '  ' } })).toMatchObject({
      status: 400,
      body: invalid({ reason: 'Reason is required' }),
    });
    expect(await call(shop.app, 'POST', `/api/parts/${part.id}/adjust`, { token: shop.admin.token, body: { centerId: CENTERS.downtown, quantity: 0, reason: 'count' } })).toMatchObject({
      status: 400,
      body: invalid({ quantity: 'Quantity cannot be 0' }),
    });
    expect(await call(shop.app, 'POST', `/api/parts/${part.id}/receive`, { token: shop.admin.token, body: { centerId: CENTERS.downtown, quantity: 0 } })).toMatchObject({
      status: 400,
      body: invalid({ quantity: 'Quantity must be at least 1' }),
    });
  });

  it('never goes below zero: 409 with what is available, and nothing is written', async () => {
    const part = await newPart(shop.app, shop.admin.token);
    await receive(shop.app, shop.admin.token, part.id, CENTERS.westgate, 3);
    const refused = await call(shop.app, 'POST', `/api/parts/${part.id}/adjust`, { token: shop.admin.token, body: { centerId: CENTERS.westgate, quantity: -4, reason: 'Count' } });
    expect(refused).toMatchObject({ status: 409, body: failure(notEnoughStock(3)) });
    expect((await stockOf(shop.app, shop.admin.token, part.id))[CENTERS.westgate].onHand).toBe(3);
    const history = await succeeded(call(shop.app, 'GET', `/api/parts/${part.id}/movements?centerId=${CENTERS.westgate}`, { token: shop.admin.token }));
    expect(history.items.map((movement: { kind: string }) => movement.kind)).toEqual(['RECEIVED']);
  });

  it('transfers between centres as a pair of movements in one transaction, and refuses more than the source has', async () => {
    const part = await newPart(shop.app, shop.admin.token);
    await receive(shop.app, shop.admin.token, part.id, CENTERS.downtown, 5);
    const moved = await succeeded(call(shop.app, 'POST', `/api/parts/${part.id}/transfer`, { token: shop.admin.token, body: { fromCenterId: CENTERS.downtown, toCenterId: CENTERS.northside, quantity: 2 } }));
    expect(moved.movements.map((movement: { kind: string; centerId: string; quantity: number }) => [movement.kind, movement.centerId, movement.quantity]).sort()).toEqual(
      [
        ['TRANSFER_IN', CENTERS.northside, 2],
        ['TRANSFER_OUT', CENTERS.downtown, -2],
      ].sort(),
    );
    const stock = await stockOf(shop.app, shop.admin.token, part.id);
    expect([stock[CENTERS.downtown].onHand, stock[CENTERS.northside].onHand]).toEqual([3, 2]);
    expect(await call(shop.app, 'POST', `/api/parts/${part.id}/transfer`, { token: shop.admin.token, body: { fromCenterId: CENTERS.northside, toCenterId: CENTERS.downtown, quantity: 3 } })).toMatchObject({
      status: 409,
      body: failure(notEnoughStock(2)),
    });
    expect(await call(shop.app, 'POST', `/api/parts/${part.id}/transfer`, { token: shop.admin.token, body: { fromCenterId: CENTERS.downtown, toCenterId: CENTERS.downtown, quantity: 1 } })).toMatchObject({
      status: 400,
      body: invalid({ toCenterId: INVENTORY_MESSAGES.sameCenter }),
    });
    const after = await stockOf(shop.app, shop.admin.token, part.id);
    expect([after[CENTERS.downtown].onHand, after[CENTERS.northside].onHand]).toEqual([3, 2]);
  });

  it('corrects by a reversing movement, once; the ledger refuses UPDATE and DELETE', async () => {
    const part = await newPart(shop.app, shop.admin.token);
    const received = await receive(shop.app, shop.admin.token, part.id, CENTERS.downtown, 7);
    const id = received.movements[0].id;
    const reversed = await succeeded(call(shop.app, 'POST', `/api/parts/${part.id}/movements/${id}/reverse`, { token: shop.admin.token, body: { reason: 'Typed 7 instead of 1' } }));
    expect(reversed.movements[0]).toMatchObject({ kind: 'REVERSAL', quantity: -7, reversesId: id, reason: 'Typed 7 instead of 1' });
    expect(reversed.stock[0].onHand).toBe(0);
    expect(await call(shop.app, 'POST', `/api/parts/${part.id}/movements/${id}/reverse`, { token: shop.admin.token, body: { reason: 'again' } })).toMatchObject({
      status: 409,
      body: failure(INVENTORY_MESSAGES.alreadyReversed),
    });
    expect(await call(shop.app, 'POST', `/api/parts/${part.id}/movements/${reversed.movements[0].id}/reverse`, { token: shop.admin.token, body: { reason: 'x' } })).toMatchObject({
      status: 409,
      body: failure(INVENTORY_MESSAGES.notReversible),
    });
    expect(await call(shop.app, 'POST', `/api/parts/${part.id}/movements/999999999/reverse`, { token: shop.admin.token, body: { reason: 'x' } })).toMatchObject({
      status: 404,
      body: failure(INVENTORY_MESSAGES.movementNotFound),
    });
    const history = await succeeded(call(shop.app, 'GET', `/api/parts/${part.id}/movements?centerId=${CENTERS.downtown}`, { token: shop.admin.token }));
    expect(history.items.map((movement: { kind: string; reversedBy?: string }) => [movement.kind, movement.reversedBy])).toEqual([
      ['REVERSAL', undefined],
      ['RECEIVED', reversed.movements[0].id],
    ]);
    await expect(sql`UPDATE stock_movements SET quantity = 100 WHERE id = ${id}::bigint`.execute(shop.app.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM stock_movements WHERE id = ${id}::bigint`.execute(shop.app.db)).rejects.toThrow(/append-only/);
  });

  it('pages a part’s history newest first', async () => {
    const part = await newPart(shop.app, shop.admin.token);
    for (let i = 1; i <= 5; i += 1) await receive(shop.app, shop.admin.token, part.id, CENTERS.downtown, i);
    const quantities: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await succeeded(call(shop.app, 'GET', `/api/parts/${part.id}/movements?centerId=${CENTERS.downtown}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token: shop.admin.token }));
      quantities.push(...page.items.map((movement: { quantity: number }) => movement.quantity));
      cursor = page.nextCursor;
    } while (cursor);
    expect(quantities).toEqual([5, 4, 3, 2, 1]);
  });

  it('keeps on hand equal to the ledger after random concurrent receipts, adjustments and transfers over HTTP, never negative', async () => {
    const base = await listen(shop.app);
    const parts = [await newPart(shop.app, shop.admin.token), await newPart(shop.app, shop.admin.token), await newPart(shop.app, shop.admin.token)];
    const centers = Object.values(CENTERS);
    for (const part of parts) for (const center of centers) await receive(shop.app, shop.admin.token, part.id, center, 5);
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const requests = Array.from({ length: 120 }, () => {
      const part = parts[random(parts.length)];
      const from = centers[random(3)];
      const to = centers[(centers.indexOf(from) + 1 + random(2)) % 3];
      const quantity = 1 + random(4);
      switch (random(3)) {
        case 0:
          return http(base, 'POST', `/api/parts/${part.id}/receive`, { token: shop.admin.token, body: { centerId: from, quantity } });
        case 1:
          return http(base, 'POST', `/api/parts/${part.id}/adjust`, { token: shop.admin.token, body: { centerId: from, quantity: -quantity, reason: 'Count' } });
        default:
          return http(base, 'POST', `/api/parts/${part.id}/transfer`, { token: shop.admin.token, body: { fromCenterId: from, toCenterId: to, quantity } });
      }
    });
    const statuses = (await Promise.all(requests)).map((response) => response.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);
    expect(await ledgerMatches(shop.app)).toEqual([]);
    const negative = await shop.app.db.selectFrom('part_stock').select('on_hand').where('on_hand', '<', 0).execute();
    expect(negative).toEqual([]);
  }, 60_000);
});
