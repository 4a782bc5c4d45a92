import { act } from '@testing-library/react';

export { storedQueues } from './memoryQueueStorage';

/** The browser loses its connection: navigator.onLine turns false and the `offline` event fires. */
export function goOffline(): void {
  jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

/** The connection is back: navigator.onLine turns true and the `online` event fires. */
export function goOnline(): void {
  jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}
