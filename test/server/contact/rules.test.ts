import { contactColumns } from '../../../server/src/contact/rules';

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
});
