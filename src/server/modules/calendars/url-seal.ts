import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * A calendar's secret address at rest (decision 200): AES-256-GCM under a key derived from the server's
 * secret (JWT_SECRET), so a copy of the database alone does not give her calendar away; and a keyed hash
 * to find the same address added twice without reading any back.
 */
export class UrlSeal {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`calendar-url:${secret}`).digest();
  }

  seal(url: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(url, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The address, or null when it was sealed under another secret (or tampered with). */
  open(sealed: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null; // the authentication tag failed: another key, or not our text
    }
  }

  hash(url: string): string {
    return createHmac('sha256', this.key).update(url).digest('hex');
  }
}
