/** A fresh Idempotency-Key (works outside secure contexts too, unlike crypto.randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `pay_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
