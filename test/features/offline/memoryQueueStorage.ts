import type { QueuedChange } from '@/features/offline';

/** The offline queue's IndexedDB records, as a Map (jsdom has no IndexedDB): jest.mock('…/queueStorage') with this. */
export const storedQueues = new Map<string, QueuedChange[]>();

export async function readQueue(userId: string): Promise<QueuedChange[]> {
  return structuredClone(storedQueues.get(userId) ?? []);
}

export async function writeQueue(userId: string, entries: readonly QueuedChange[]): Promise<void> {
  if (entries.length === 0) storedQueues.delete(userId);
  else storedQueues.set(userId, structuredClone([...entries]));
}

export const QUEUE_DATABASE = 'carcare-offline';
