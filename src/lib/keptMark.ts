import { localStorageOrNull } from './sessionStorageKeys';

// Whose answers this device keeps in IndexedDB, as a localStorage entry read without opening the database: the
// keeper (app/deviceData.ts) sets it once a user's answers are written, and every deletion of the device's data
// (lib/deviceData.ts) removes it first. A page loader waits for the device only when it holds the signed-in user's
// answers; on a first visit, or after a logout, nothing is there to paint from, and the page's reads go at once.

const KEPT_MARK = 'carcare_kept_for';

/** The device now holds this user's answers. (Reading and removing cannot fail once storage is reachable; writing can.) */
export function markKeptFor(userId: string): void {
  try {
    localStorageOrNull()?.setItem(KEPT_MARK, userId);
  } catch {
    // Storage full or refused: the loaders then do not wait for the device, as on a first visit.
  }
}

/** The device's data is being deleted: from now on nothing of anyone is to be waited for. */
export function clearKeptMark(): void {
  localStorageOrNull()?.removeItem(KEPT_MARK);
}

/** Whether the device holds this user's answers (as far as its keeper has said). */
export function deviceKeeps(userId: string): boolean {
  return localStorageOrNull()?.getItem(KEPT_MARK) === userId;
}
