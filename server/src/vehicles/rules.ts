import { MAX_PLATE_LENGTH } from '../contract/vehicles';
import { invalidField } from '../domain/errors';

/**
 * A number plate as stored: trimmed, inner spaces collapsed, upper-cased ("  ab 12 cd" → "AB 12 CD").
 * Upper-casing can lengthen a plate ('ß' → 'SS'): one that no longer fits is refused like a long one (400).
 */
export function normalisePlate(raw: string): string {
  const plate = raw.trim().replace(/\s+/g, ' ').toUpperCase();
  if (plate.length > MAX_PLATE_LENGTH) throw invalidField('plate', `Vehicle ID must be at most ${MAX_PLATE_LENGTH} characters long`);
  return plate;
}
