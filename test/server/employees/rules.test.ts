import { availabilityQueryErrors, staffStateOf } from '../../../server/src/employees/rules';

describe('staffStateOf (employees/rules.ts)', () => {
  it('is DEACTIVATED when switched off, whatever its approval; PENDING until approved; ACTIVE after', () => {
    const approved = new Date('2030-06-01T10:00:00Z');
    expect(staffStateOf({ is_active: true, approved_at: null })).toBe('PENDING');
    expect(staffStateOf({ is_active: true, approved_at: approved })).toBe('ACTIVE');
    expect(staffStateOf({ is_active: false, approved_at: approved })).toBe('DEACTIVATED');
    expect(staffStateOf({ is_active: false, approved_at: null })).toBe('DEACTIVATED');
  });
});

describe('availabilityQueryErrors (employees/rules.ts)', () => {
  const isSlot = (slot: string) => ['09:00', '10:00'].includes(slot);

  it('accepts neither or both of date and slot', () => {
    expect(availabilityQueryErrors(undefined, undefined, isSlot)).toEqual({});
    expect(availabilityQueryErrors('2030-06-03', '09:00', isSlot)).toEqual({});
  });

  it('names the missing half', () => {
    expect(availabilityQueryErrors('2030-06-03', undefined, isSlot)).toEqual({ slot: 'Give a date and a time slot together' });
    expect(availabilityQueryErrors(undefined, '09:00', isSlot)).toEqual({ date: 'Give a date and a time slot together' });
  });

  it('refuses a slot the catalogue does not have', () => {
    expect(availabilityQueryErrors('2030-06-03', '09:30', isSlot)).toEqual({ slot: 'Choose one of the listed time slots' });
  });
});
