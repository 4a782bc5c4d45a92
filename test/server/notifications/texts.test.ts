/**
 * notifications/texts.ts: the wording of notifications and job e-mails from the facts the database stores. The
 * sentences themselves are asserted through the API flows (notifications.test.ts) and against the database's own
 * wording of an older server (db/upgrade.test.ts); here the pieces they are built from.
 */
import { quantityText } from '../../../server/src/domain/quantity';
import { jobMail, type LowStockFacts, type NotificationFacts, notificationText, vehicleText, whenText } from '../../../server/src/notifications/texts';

const facts: NotificationFacts = {
  customer: 'Amaya Jayasinghe',
  technician: null,
  actor: null,
  vehicle: { make: 'Nissan', model: 'Leaf', plate: 'WP-CAR-1290' },
  service: 'Battery Check',
  centre: 'Westgate Express Bay',
  centreAddress: '7 Industrial Park Road, Springfield, IL 62704',
  date: '2030-06-04',
  slot: '09:00-10:00 AM',
  from: null,
  to: null,
  technicianTakenOff: false,
};

describe('the pieces of a sentence', () => {
  it('names a vehicle by make and model with its plate, or by its plate alone', () => {
    expect(vehicleText({ make: 'Toyota', model: 'Corolla', plate: 'CAB-4821' })).toBe('Toyota Corolla (CAB-4821)');
    expect(vehicleText({ make: 'Mazda', model: null, plate: 'KV-2231' })).toBe('Mazda (KV-2231)');
    expect(vehicleText({ make: null, model: null, plate: 'UPG-2030' })).toBe('UPG-2030');
    expect(vehicleText({ make: ' ', model: '', plate: 'UPG-2030' })).toBe('UPG-2030');
  });

  it('writes a date and slot as the SPA does: short month, day without a leading zero, year, then the label', () => {
    expect(whenText('2030-06-04', '09:00-10:00 AM')).toBe('Jun 4, 2030, 09:00-10:00 AM');
    expect(whenText('2031-12-31', '11:00 AM-12:00 PM')).toBe('Dec 31, 2031, 11:00 AM-12:00 PM');
    expect(whenText('2031-01-01', '04:00-05:00 PM')).toBe('Jan 1, 2031, 04:00-05:00 PM');
  });
});

describe('notificationText', () => {
  it('words a row that holds facts, by kind and audience', () => {
    expect(notificationText({ kind: 'JOB_COMPLETED', audience: 'CUSTOMER', params: facts, title: null, message: null })).toEqual({
      title: 'Job completed',
      message: 'Your Nissan Leaf (WP-CAR-1290) is ready: Battery Check is completed.',
    });
    expect(notificationText({ kind: 'JOB_ASSIGNED', audience: 'CUSTOMER', params: facts, title: null, message: null }).message).toBe(
      'A technician will work on your Nissan Leaf (WP-CAR-1290): Battery Check on Jun 4, 2030, 09:00-10:00 AM at Westgate Express Bay.',
    );
  });

  it('words a low-stock row: the part by SKU and name, what is available in its unit, the centre and the reorder level', () => {
    const lowStock: LowStockFacts = {
      partId: 'p1',
      sku: 'BRK-PAD-F',
      name: 'Brake pads, front (ceramic)',
      unit: 'set',
      centerId: 'c1',
      centre: 'Downtown Workshop',
      available: 2,
      reorderLevel: 3,
    };
    expect(notificationText({ kind: 'PART_LOW_STOCK', audience: 'ADMINS', params: lowStock, title: null, message: null })).toEqual({
      title: 'Low stock',
      message: 'BRK-PAD-F Brake pads, front (ceramic): 2 sets available at Downtown Workshop, reorder level 3.',
    });
    expect(
      notificationText({ kind: 'PART_LOW_STOCK', audience: 'ADMINS', params: { ...lowStock, name: 'Oil\nfilter', unit: 'each', available: 0 }, title: null, message: null }).message,
    ).toBe('BRK-PAD-F Oil filter: 0 available at Downtown Workshop, reorder level 3.');
  });

  it("reads an older server's row as it stored it", () => {
    expect(notificationText({ kind: 'JOB_COMPLETED', audience: null, params: null, title: 'Job completed', message: 'Stored long ago.' })).toEqual({
      title: 'Job completed',
      message: 'Stored long ago.',
    });
  });
});

describe('quantityText', () => {
  it('writes a quantity in its unit; a part counted each is the number alone', () => {
    expect([quantityText(1, 'litre'), quantityText(4, 'litre'), quantityText(1, 'set'), quantityText(2, 'pair'), quantityText(3, 'metre'), quantityText(2, 'kg'), quantityText(3, 'each')]).toEqual([
      '1 litre',
      '4 litres',
      '1 set',
      '2 pairs',
      '3 metres',
      '2 kg',
      '3',
    ]);
  });
});

describe('jobMail', () => {
  it('writes the whole e-mail: greeting, sentence, the job, footer', () => {
    expect(jobMail('JOB_COMPLETED', facts)).toEqual({
      subject: 'Your Nissan Leaf (WP-CAR-1290) is ready',
      text: [
        'Hello Amaya Jayasinghe,',
        '',
        'Your Nissan Leaf (WP-CAR-1290) is ready: Battery Check is completed. You can collect it at Westgate Express Bay.',
        '',
        '  Service: Battery Check',
        '  Vehicle: Nissan Leaf (WP-CAR-1290)',
        '  When:    Jun 4, 2030, 09:00-10:00 AM',
        '  Where:   Westgate Express Bay, 7 Industrial Park Road, Springfield, IL 62704',
        '',
        '— CarCare',
        '',
        'You receive these e-mails because e-mail notifications are on in your CarCare profile; you can turn them off there.',
      ].join('\n'),
    });
  });

  it('has no e-mail for the kinds that send none', () => {
    expect(() => jobMail('BOOKING_CANCELLED', facts)).toThrow('No e-mail is written for BOOKING_CANCELLED');
  });
});
