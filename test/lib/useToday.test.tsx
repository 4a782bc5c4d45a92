import { act, renderHook } from '@testing-library/react';
import { useToday } from '@/lib/useToday';

afterEach(() => {
  jest.useRealTimers();
});

test("is the viewer's local date, and moves on at midnight", () => {
  jest.useFakeTimers({ now: new Date(2099, 0, 14, 23, 59, 0) });
  const { result } = renderHook(() => useToday());
  expect(result.current).toBe('2099-01-14');
  act(() => {
    jest.advanceTimersByTime(30_000);
  });
  expect(result.current).toBe('2099-01-14');
  act(() => {
    jest.advanceTimersByTime(31_000);
  });
  expect(result.current).toBe('2099-01-15');
  act(() => {
    jest.advanceTimersByTime(24 * 60 * 60 * 1000);
  });
  expect(result.current).toBe('2099-01-16');
});
