import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../../shared/locales';
import type { Booking } from '../../../shared/schemas/bookings';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import type { AuthUser } from '../auth/index';
import { findBooking, inReaderLanguage, type BookingsService } from '../bookings/index';
import { renderBookingPdf } from './render';

/** How long a signed PDF link works (the preview page asks for a new one when it reloads). */
export const PDF_LINK_TTL_MS = 5 * 60_000;

/**
 * Rendered PDFs kept in memory for a minute, keyed by the booking's whole content and the language:
 * a reload or a burst of requests costs one rendering (~0.1–0.5 s of CPU), and any change to the
 * booking (a payment, a status) is a new key. Server memory only; HTTP caching stays off.
 */
const RENDER_CACHE_MS = 60_000;
const RENDER_CACHE_SIZE = 100;

export interface PdfQuery {
  lang?: Locale;
  download?: boolean;
  uid?: number;
  exp?: number;
  sig?: string;
}

/** What the PDF is built from (compose.ts): the booking as the bookings service shows it to a reader. */
export interface BookingPdfNeeds {
  bookings: Pick<BookingsService, 'get'>;
}

/**
 * The booking PDF: who may read it and the short-lived signed link the web page puts in an iframe
 * (an iframe cannot send the bearer token; decision 065).
 */
export class BookingPdfService {
  private readonly rendered = new Map<string, { body: Buffer; until: number }>();

  constructor(
    private readonly app: AppInstance,
    private readonly needs: BookingPdfNeeds,
  ) {}

  private async render(booking: Booking, lang: Locale, reader: 'guide' | 'traveler'): Promise<Buffer> {
    const now = Date.now();
    const key = `${lang}:${reader}:${createHash('sha256')
      .update(JSON.stringify({ ...booking, actions: [] }))
      .digest('base64url')}`;
    const hit = this.rendered.get(key);
    if (hit && hit.until > now) return hit.body;
    const body = await renderBookingPdf(booking, lang, new Date(now), reader);
    this.rendered.delete(key);
    this.rendered.set(key, { body, until: now + RENDER_CACHE_MS });
    for (const [k, v] of this.rendered) {
      if (this.rendered.size <= RENDER_CACHE_SIZE && v.until > now) break;
      this.rendered.delete(k);
    }
    return body;
  }

  private sign(bookingId: number, userId: number, exp: number): string {
    return createHmac('sha256', this.app.ctx.jwtSecret)
      .update(`booking-pdf:${bookingId}:${userId}:${exp}`)
      .digest('base64url');
  }

  private validSignature(bookingId: number, q: PdfQuery, now: number): boolean {
    if (!q.uid || !q.exp || !q.sig || q.exp < now || q.exp > now + PDF_LINK_TTL_MS) return false;
    const want = Buffer.from(this.sign(bookingId, q.uid, q.exp));
    const got = Buffer.from(q.sig);
    return got.length === want.length && timingSafeEqual(got, want);
  }

  /**
   * The booking as its traveler or guide sees it; an admin reads it as its traveler would. Anyone
   * else: 404 (the bookings service answers that for strangers).
   */
  private async bookingFor(user: Pick<AuthUser, 'id' | 'isAdmin'>, id: number): Promise<Booking> {
    // The bookings service reads by the caller's id only; a signed link carries no session.
    const asUser = (userId: number) =>
      ({
        id: userId,
        sessionId: '',
        username: '',
        role: 'traveler',
        isGuide: false,
        isAdmin: false,
      }) satisfies AuthUser;
    try {
      return await this.needs.bookings.get(asUser(user.id), id);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'not_found' || !user.isAdmin) throw err;
      const row = await findBooking(this.app.ctx.database.db, id);
      if (!row) throw err;
      return this.needs.bookings.get(asUser(row.travelerId), id);
    }
  }

  /** A same-origin link to the PDF that works without the bearer token for PDF_LINK_TTL_MS. */
  async link(
    user: AuthUser,
    id: number,
    lang: Locale,
    now = Date.now(),
  ): Promise<{ url: string; downloadUrl: string; expiresAt: string }> {
    const booking = await this.bookingFor(user, id);
    // The link reads the booking as a party: the caller, or for an admin the booking's traveler.
    const party = user.id === booking.traveler.id || user.id === booking.guide.userId ? user.id : booking.traveler.id;
    const exp = now + PDF_LINK_TTL_MS;
    const url = `/api/v2/bookings/${id}/pdf?lang=${encodeURIComponent(lang)}&uid=${party}&exp=${exp}&sig=${this.sign(id, party, exp)}`;
    return { url, downloadUrl: `${url}&download=1`, expiresAt: new Date(exp).toISOString() };
  }

  /**
   * The PDF for a signed-in party (or admin), or for a valid signed link. A visitor without a valid
   * signature is a 401; a signed-in stranger a 404.
   */
  async pdf(user: AuthUser | null | undefined, id: number, q: PdfQuery): Promise<{ body: Buffer; fileName: string }> {
    let booking: Booking;
    if (user) booking = await this.bookingFor(user, id);
    else if (this.validSignature(id, q, Date.now()))
      booking = await this.bookingFor({ id: q.uid!, isAdmin: false }, id);
    else if (q.sig) throw new AppError('unauthorized', 'This PDF link has expired or is not valid');
    else throw new AppError('unauthorized', 'Authentication required');
    const lang = q.lang ?? 'en';
    // The lines (and what else a reply puts in its reader's language) in the PDF's, as a reply's are (decision 179).
    // The guide's own copy (an admin's is the traveler's): money in her currency (decision 195).
    const reader = (user?.id ?? q.uid) === booking.guide.userId ? 'guide' : 'traveler';
    const body = await this.render(inReaderLanguage(booking, lang), lang, reader);
    return { body, fileName: `Tabi-Guides-${booking.bookingNumber.replace(/[^A-Za-z0-9-]/g, '')}.pdf` };
  }
}
