import { lazy } from '@/lib/lazy';

test('makes the value on the first call, not before, and only once', () => {
  const make = jest.fn(() => ({ made: true }));
  const value = lazy(make);
  expect(make).not.toHaveBeenCalled();
  const first = value();
  expect(value()).toBe(first);
  expect(make).toHaveBeenCalledTimes(1);
});

test('keeps a value that is falsy', () => {
  const make = jest.fn(() => 0);
  const value = lazy(make);
  expect([value(), value()]).toEqual([0, 0]);
  expect(make).toHaveBeenCalledTimes(1);
});
