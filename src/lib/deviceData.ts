import { DEVICE_DATABASE, deleteCaches, deleteDatabases } from './deviceStore';
import { clearKeptMark } from './keptMark';

/** Every IndexedDB database of the app is named with this prefix; all of them are the signed-in user's. */
export const DATABASE_PREFIX = 'carcare';
/** Cache Storage caches holding a user's data (the service worker's app files are in others). */
export const USER_CACHE_PREFIX = 'carcare-user';
/**
 * The app's databases by name, for the browsers that cannot list an origin's databases (indexedDB.databases(),
 * before Firefox 126). A new database adds its name here.
 */
export const KNOWN_DATABASES: readonly string[] = [DEVICE_DATABASE, 'carcare-offline'];

/**
 * Deletes everything of a user the app keeps on the device: every `carcare…` IndexedDB database (whichever part of
 * the app made it) and every `carcare-user…` cache. Called when a session ends and when a different user signs in.
 */
export async function clearDeviceData(): Promise<void> {
  // First: no page waits for what is being deleted (lib/keptMark.ts).
  clearKeptMark();
  await Promise.all([deleteDatabases(DATABASE_PREFIX, KNOWN_DATABASES), deleteCaches(USER_CACHE_PREFIX)]);
}
