import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * A secret kept at rest that the server must read back: a calendar's secret address (decision 200), a reseller's
 * webhook signing secret (decision 203). AES-256-GCM under a key derived from the server's secret (JWT_SECRET)
 * and the purpose, so a copy of the database alone gives none of them away and one purpose's seal opens no
 * other's; and a keyed hash to find the same text stored twice without reading any back.
 */
export class Seal {
  private readonly key: Buffer;

  /** `purpose` names what is sealed (`calendar-url`, `octo-webhook`): the key derived for it is its own. */
  constructor(secret: string, purpose: string) {
    this.key = createHash('sha256').update(`${purpose}:${secret}`).digest();
  }

  seal(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The text, or null when it was sealed under another secret (or tampered with). */
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

  hash(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('hex');
  }
}
