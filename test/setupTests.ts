import '@testing-library/jest-dom';
import { server } from './msw/server';

// A test fails on an unexpected console.error (architecture.md §8). Tests that expect one
// spy on console.error themselves with jest.spyOn(...).mockImplementation(...).
let consoleErrors: unknown[][] = [];
const originalError = console.error;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  consoleErrors = [];
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args);
    originalError(...args);
  };
});
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  const errors = consoleErrors;
  consoleErrors = [];
  console.error = originalError;
  if (errors.length > 0) {
    throw new Error(`Unexpected console.error:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
afterAll(() => server.close());
