import { contactColumns, isIsoInstant } from '../../../server/src/contact/rules';

describe('contact rules (contact/rules.ts)', () => {
  it('stores the text as typed, without surrounding white space; no subject is an empty one', () => {
    expect(contactColumns({ name: '  Ada ', email: ' ada@example.com ', message: ' Hello\n there \n' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      subject: '',
      message: 'Hello\n there',
    });
    expect(contactColumns({ name: 'Ada', email: 'a@b.co', subject: ' Brakes ', message: 'x' }).subject).toBe('Brakes');
  });

  it('a cursor instant is exactly what the server prints, and a real instant', () => {
    expect(isIsoInstant('2030-06-03T14:00:00.000Z')).toBe(true);
    expect(isIsoInstant('2030-06-03T14:00:00Z')).toBe(false);
    expect(isIsoInstant('2030-06-03T14:00:00.000+00:00')).toBe(false);
    expect(isIsoInstant('2030-02-30T14:00:00.000Z')).toBe(false);
    expect(isIsoInstant('not a date')).toBe(false);
  });
});
