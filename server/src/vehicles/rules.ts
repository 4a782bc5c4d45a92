/** A number plate as stored: trimmed, inner spaces collapsed, upper-cased ("  ab 12 cd" → "AB 12 CD"). */
export function normalisePlate(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').toUpperCase();
}
