import { IDEMPOTENCY_KEY_REGEX } from '@contract/idempotency';
import { newChangeId } from '@/features/offline';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('a change id is a random version-4 UUID the server takes as an Idempotency-Key', () => {
  const ids = new Set(Array.from({ length: 50 }, () => newChangeId()));
  expect(ids.size).toBe(50);
  for (const id of ids) {
    expect(id).toMatch(UUID_V4);
    expect(id).toMatch(IDEMPOTENCY_KEY_REGEX);
  }
});

test('on a plain-http address (no crypto.randomUUID) it is made from crypto.getRandomValues, in the same form', () => {
  const original = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
  Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
  try {
    const ids = new Set(Array.from({ length: 50 }, () => newChangeId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  } finally {
    if (original) Object.defineProperty(crypto, 'randomUUID', original);
    else delete (crypto as Partial<Crypto>).randomUUID;
  }
  expect(typeof crypto.randomUUID).toBe('function');
});
