import { del, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { QueuedChange } from './types';

/**
 * The device's copy of each user's offline queue: IndexedDB database `carcare-offline`, one record per user id (a
 * logout deletes every `carcare*` database). The only module that touches IndexedDB for the queue, so tests replace
 * it with a Map.
 */
export const QUEUE_DATABASE = 'carcare-offline';
const QUEUE_STORE = 'queue';

let database: UseStore | null = null;

/**
 * idb-keyval's createStore, except that the connection closes when another page deletes or upgrades the database (a
 * logout's wipe would otherwise wait for this tab to close), and opens again on next use.
 */
function openStore(dbName: string, storeName: string): UseStore {
  let connection: Promise<IDBDatabase> | undefined;
  const open = () => {
    if (connection) return connection;
    const request = indexedDB.open(dbName);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    const opened = promisifyRequest(request);
    connection = opened;
    opened.then(
      (db) => {
        const forget = () => {
          if (connection === opened) connection = undefined;
        };
        db.onversionchange = () => {
          db.close();
          forget();
        };
        db.onclose = forget;
      },
      () => {
        if (connection === opened) connection = undefined;
      },
    );
    return opened;
  };
  return (mode, callback) => open().then((db) => callback(db.transaction(storeName, mode).objectStore(storeName)));
}

/** Null where the browser has no IndexedDB (some private modes): the queue then lives in this tab only. */
function queueDatabase(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  database ??= openStore(QUEUE_DATABASE, QUEUE_STORE);
  return database;
}

export async function readQueue(userId: string): Promise<QueuedChange[]> {
  const store = queueDatabase();
  if (!store) return [];
  return (await get<QueuedChange[]>(userId, store)) ?? [];
}

export async function writeQueue(userId: string, entries: readonly QueuedChange[]): Promise<void> {
  const store = queueDatabase();
  if (!store) return;
  if (entries.length === 0) await del(userId, store);
  else await set(userId, entries, store);
}
