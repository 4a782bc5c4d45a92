import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from './msw/server';

// A route's code loads lazily; on a busy 2-core CI runner with one jest worker per core that took over the default
// second, and findBy* gave up with the page still "Loading page". Waiting longer changes no assertion.
configure({ asyncUtilTimeout: 5000 });

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
