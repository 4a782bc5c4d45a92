import { onFirstUse } from '@/lib/onFirstUse';

test('makes the value on the first call, not before, and only once', () => {
  const make = jest.fn(() => ({ made: true }));
  const value = onFirstUse(make);
  expect(make).not.toHaveBeenCalled();
  const first = value();
  expect(value()).toBe(first);
  expect(make).toHaveBeenCalledTimes(1);
});

test('keeps a value that is falsy', () => {
  const make = jest.fn(() => 0);
  const value = onFirstUse(make);
  expect([value(), value()]).toEqual([0, 0]);
  expect(make).toHaveBeenCalledTimes(1);
});
