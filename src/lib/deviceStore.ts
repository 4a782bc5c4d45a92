import { del, get, keys, promisifyRequest, set, type UseStore } from 'idb-keyval';

// The browser storage the app writes a user's data into: one IndexedDB key-value store of its own (idb-keyval), and
// the deletion of everything of the app's in IndexedDB and Cache Storage. Only this module touches those APIs (the
// web tests replace it with a Map).

/** The app's key-value database on the device. Every database of the app is named `carcare…`. */
export const DEVICE_DATABASE = 'carcare-device-data';
const RECORDS = 'records';
/** How long one step of a deletion may wait for a database that another connection holds. */
const STEP_LIMIT_MS = 2000;

/** Whether this browser (or this window: some private modes refuse IndexedDB) can keep data on the device. */
export function canKeepOnDevice(): boolean {
  try {
    return typeof indexedDB !== 'undefined' && indexedDB !== null;
  } catch {
    return false;
  }
}

let records: UseStore | null = null;
let open: IDBDatabase | null = null;

/**
 * idb-keyval's store, with its connection closed when another tab or a deletion asks for it (a `versionchange`): a
 * connection left open would hold back the deletion of the database until the page closes.
 */
function recordStore(): UseStore {
  if (records) return records;
  const request = indexedDB.open(DEVICE_DATABASE);
  request.onupgradeneeded = () => request.result.createObjectStore(RECORDS);
  const db = promisifyRequest(request).then((connection) => {
    open = connection;
    connection.onversionchange = () => closeRecords();
    return connection;
  });
  db.catch(() => closeRecords());
  const store: UseStore = (mode, callback) => db.then((connection) => callback(connection.transaction(RECORDS, mode).objectStore(RECORDS)));
  records = store;
  return store;
}

function closeRecords(): void {
  open?.close();
  open = null;
  records = null;
}

export const deviceRecords = {
  get: <T>(key: string): Promise<T | undefined> => get<T>(key, recordStore()),
  set: (key: string, value: unknown): Promise<void> => set(key, value, recordStore()),
  delete: (key: string): Promise<void> => del(key, recordStore()),
  keys: (): Promise<string[]> => keys<string>(recordStore()),
};

/** The names of this origin's databases; where the browser cannot list them (before Firefox 126), `known`. */
async function databaseNames(known: readonly string[]): Promise<string[]> {
  if (typeof indexedDB.databases === 'function') {
    try {
      const listed = await indexedDB.databases();
      return listed.flatMap((db) => (db.name ? [db.name] : []));
    } catch {
      // Listing failed: fall back to the names the app knows.
    }
  }
  return [...known];
}

/** `promise`, or undefined after `ms`: a database another tab holds must not hold up a sign-out for ever. */
function within<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  return Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(resolve, ms))]);
}

/** Empties every object store of a database, so nothing in it stays readable while its deletion waits. */
async function emptyDatabase(name: string): Promise<void> {
  const db = await promisifyRequest(indexedDB.open(name));
  try {
    const stores = [...db.objectStoreNames];
    if (stores.length === 0) return;
    const tx = db.transaction(stores, 'readwrite');
    for (const store of stores) tx.objectStore(store).clear();
    await promisifyRequest(tx);
  } finally {
    db.close();
  }
}

/** Deletes a database; settled once deleted, or once the deletion waits for another tab's open connection. */
function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/**
 * Deletes every IndexedDB database whose name starts with `prefix`: emptied first (a connection open in another tab
 * delays a deletion, not a clear), then deleted. `known` names them where the browser cannot list databases.
 */
export async function deleteDatabases(prefix: string, known: readonly string[]): Promise<void> {
  if (!canKeepOnDevice()) return;
  closeRecords();
  const names = (await databaseNames(known)).filter((name) => name.startsWith(prefix));
  await Promise.all(
    names.map(async (name) => {
      await within(STEP_LIMIT_MS, emptyDatabase(name)).catch(() => undefined);
      await within(STEP_LIMIT_MS, deleteDatabase(name));
    }),
  );
}

/** Deletes every Cache Storage cache whose name starts with `prefix` (none where the window has no Cache Storage). */
export async function deleteCaches(prefix: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => caches.delete(name)));
}
