import { INVALID_CURSOR } from '../../../server/src/contract/common';
import { CURSOR_FIELDS, CURSORS, decodeCursor, encodeCursor } from '../../../server/src/db/cursor';
import { InvalidError } from '../../../server/src/domain/errors';

/** db/cursor.ts: every paged list's cursor is checked against its shape before any value reaches SQL. */

const ID = '0b7c2b4e-5a51-4b8e-9d55-6f1f2d3c4b5a';

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error instanceof InvalidError ? error.errors : error;
  }
  return 'accepted';
}

describe('cursor fields', () => {
  it.each([
    ['date', '2030-06-03', true],
    ['date', '2028-02-29', true],
    ['date', '0001-01-01', true],
    ['date', '9999-12-31', true],
    ['date', '2030-02-29', false],
    ['date', '2030-02-31', false],
    ['date', '2030-04-31', false],
    ['date', '0000-01-01', false],
    ['date', '10000-01-01', false],
    ['date', '2030-13-01', false],
    ['date', '2030-6-3', false],
    ['slot', '09:00', true],
    ['slot', '24:00', false],
    ['slot', '09:60', false],
    ['slot', '09:00:00', false],
    ['localDateTime', '2030-06-03 07:00:00', true],
    ['localDateTime', '2030-02-31 07:00:00', false],
    ['localDateTime', '0000-06-03 07:00:00', false],
    ['localDateTime', '2030-06-03 24:00:00', false],
    ['localDateTime', '2030-06-03T07:00:00', false],
    ['localDateTime', '2030-06-03 07:00:00+02', false],
    ['instant', '2030-06-03T14:00:00.000Z', true],
    ['instant', '2030-06-03T14:00:00Z', false],
    ['instant', '2030-06-03T14:00:00.000+00:00', false],
    ['instant', '2030-02-30T14:00:00.000Z', false],
    ['instant', '0000-06-03T14:00:00.000Z', false],
    ['instant', '2030-06-03T24:00:00.000Z', false],
    ['instant', '2030-06-03T23:59:60.000Z', false],
    ['instant', '+012030-06-03T14:00:00.000Z', false],
    ['instant', 'not a date', false],
    ['preciseInstant', '2030-06-03T14:00:00.123456Z', true],
    ['preciseInstant', '2021-02-31T14:00:00.123456Z', false],
    ['preciseInstant', '0000-01-01T00:00:00.000000Z', false],
    ['preciseInstant', '2030-06-03T14:00:00.123Z', false],
    ['plate', 'AB 12 CD', true],
    ['plate', 'CAB-4821', true],
    ['plate', 'ÄÖ 12.3', true],
    ['plate', 'ǰ 1'.toUpperCase(), true],
    ['plate', '2021-02-31', true],
    ['plate', 'X'.repeat(20), true],
    ['plate', 'X'.repeat(21), false],
    ['plate', '', false],
    ['plate', 'ab 12', false],
    ['plate', ' AB', false],
    ['plate', 'AB ', false],
    ['plate', 'AB  12', false],
    ['plate', '-AB', false],
    ['plate', 'AB_12', false],
    ['plate', '\u0000', false],
    ['plate', 'AB\u000012', false],
    ['plate', 'AB\u001512', false],
    ['plate', 'AB\ud80012', false],
    ['uuid', ID, true],
    ['uuid', ID.toUpperCase(), true],
    ['uuid', ID.replace('0', 'g'), false],
    ['uuid', `${ID}\u0000`, false],
    ['sku', 'OIL-5W30/4L', true],
    ['sku', 'oil-5w30', false],
    ['sku', '-OIL', false],
    ['sku', 'A'.repeat(41), false],
    ['sku', 'OIL\u0000', false],
    ['serial', '1', true],
    ['serial', '999999999999999999', true],
    ['serial', '0', false],
    ['serial', '1'.repeat(19), false],
    ['serial', '12a', false],
  ] as const)('%s: %j → %s', (field, value, valid) => {
    expect(CURSOR_FIELDS[field](value)).toBe(valid);
  });
});

describe('decodeCursor', () => {
  it('gives back what encodeCursor wrote, for every list', () => {
    const examples: Record<keyof typeof CURSORS, string[]> = {
      vehicles: ['AB 12 CD', ID],
      appointments: ['2030-06-03', '09:00', ID],
      timeLogs: ['2030-06-03 07:00:00', ID],
      notifications: ['2030-06-03T14:00:00.123456Z', ID],
      newestFirst: ['2030-06-03T14:00:00.123Z', ID],
      parts: ['OIL-5W30/4L', ID],
      stockMovements: ['1234567'],
      purchaseOrders: ['42'],
    };
    for (const [list, values] of Object.entries(examples)) expect(decodeCursor(encodeCursor(values), CURSORS[list as keyof typeof CURSORS])).toEqual(values);
  });

  it.each([
    ['not base64url JSON', 'garbage'],
    ['JSON that is not an array', Buffer.from('{"0":"AB"}').toString('base64url')],
    ['too few values', encodeCursor(['AB'])],
    ['too many values', encodeCursor(['AB', ID, ID])],
    ['a value that is not a string', Buffer.from(JSON.stringify([12, ID])).toString('base64url')],
    ['a NUL in the text', encodeCursor(['\u0000', ID])],
    ['a value of another column', encodeCursor([ID, 'AB'])],
  ])(`refuses %s with the field message "${INVALID_CURSOR}"`, (_case, cursor) => {
    expect(refusal(() => decodeCursor(cursor, CURSORS.vehicles))).toEqual({ cursor: INVALID_CURSOR });
  });
});
