import { createHmac, timingSafeEqual } from 'node:crypto';
import { bookingNumber } from '../../../shared/booking/money-rules';
import { PROOF_BOOKING_STATUSES, type PaymentProofReply } from '../../../shared/schemas/payment-proofs';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import type { AuthUser } from '../auth/index';
import type { CreateSystemMessage, NotificationsService } from '../notifications/index';
import type { FileStorage, ImageBox, StoredFile } from '../../storage/index';
import { displayFileName, storePrivateDocument, type StoredDocument } from '../../storage/private-document';
import * as repo from './payment-proofs.repository';
import type { BookingParties, ProofRow } from './payment-proofs.repository';
import { proofTexts } from './texts';

/** Private: the public /uploads route never serves a private-… folder (storage/index.ts). */
export const PROOF_FOLDER = 'private-payment-proofs';
/** A photo of a receipt stays readable at 2400 px on its long side; larger photos are scaled down. */
export const PROOF_BOX: ImageBox = { width: 2400, height: 2400 };
/** How long a signed file URL works. */
export const FILE_URL_TTL_MS = 10 * 60_000;

type Viewer = PaymentProofReply['viewer'];

/** Only the booking's traveler, its guide and admins see a proof; anyone else gets 404. */
function viewerOf(b: BookingParties, user: Pick<AuthUser, 'id' | 'isAdmin'>): Viewer {
  if (user.id === b.travelerId) return 'traveler';
  if (user.id === b.guideUserId) return 'guide';
  if (user.isAdmin) return 'admin';
  throw notFound('Booking');
}

const inProofState = (b: BookingParties) => (PROOF_BOOKING_STATUSES as readonly string[]).includes(b.status);
const remainingCents = (b: BookingParties) => b.totalPriceCents - b.depositCents;

/** What payment proofs are built from (compose.ts): the private files, and the outbox for the notices. */
export interface PaymentProofsNeeds {
  storage: FileStorage;
  notifications: Pick<NotificationsService, 'enqueue'>;
  jobs: Pick<JobRunner, 'soon'>;
}

export class PaymentProofsService {
  constructor(
    private readonly app: AppInstance,
    private readonly needs: PaymentProofsNeeds,
  ) {}

  private get db() {
    return this.app.ctx.database.db;
  }

  private async booking(bookingId: number) {
    const b = await repo.bookingWithParties(this.db, bookingId);
    if (!b) throw notFound('Booking');
    return b;
  }

  private sign(proof: Pick<ProofRow, 'id' | 'storageKey'>, exp: number): string {
    return createHmac('sha256', this.app.ctx.jwtSecret)
      .update(`payment-proof:${proof.id}:${proof.storageKey}:${exp}`)
      .digest('base64url');
  }

  /** A URL for the file that works until it expires, for this proof's current file only. */
  signedUrl(bookingId: number, proof: ProofRow, now = Date.now()) {
    const exp = now + FILE_URL_TTL_MS;
    return {
      url: `/api/v2/bookings/${bookingId}/payment-proof/file?exp=${exp}&sig=${this.sign(proof, exp)}`,
      expiresAt: new Date(exp).toISOString(),
    };
  }

  private validSignature(proof: ProofRow, exp: number | undefined, sig: string | undefined, now = Date.now()): boolean {
    if (!exp || !sig || exp < now || exp > now + FILE_URL_TTL_MS) return false;
    const want = Buffer.from(this.sign(proof, exp));
    const got = Buffer.from(sig);
    return want.length === got.length && timingSafeEqual(want, got);
  }

  private reply(b: BookingParties, viewer: Viewer, proof: ProofRow | undefined): PaymentProofReply {
    const status = !proof ? 'none' : proof.verifiedAt ? 'verified' : 'uploaded';
    const signed = proof ? this.signedUrl(b.id, proof) : undefined;
    return {
      bookingId: b.id,
      bookingNumber: bookingNumber(b.id, b.bookingNumber),
      bookingStatus: b.status,
      viewer,
      status,
      amountCents: remainingCents(b),
      currency: b.currency,
      canUpload: viewer === 'traveler' && status !== 'verified' && inProofState(b) && remainingCents(b) > 0,
      canVerify: viewer === 'guide' && status === 'uploaded',
      proof:
        proof && signed
          ? {
              id: proof.id,
              contentType: proof.contentType,
              sizeBytes: proof.sizeBytes,
              fileName: proof.fileName,
              uploadedAt: proof.uploadedAt.toISOString(),
              verifiedAt: proof.verifiedAt?.toISOString() ?? null,
              fileUrl: signed.url,
              fileUrlExpiresAt: signed.expiresAt,
            }
          : null,
    };
  }

  async get(user: AuthUser, bookingId: number): Promise<PaymentProofReply> {
    const b = await this.booking(bookingId);
    const viewer = viewerOf(b, user);
    return this.reply(b, viewer, await repo.proofOf(this.db, bookingId));
  }

  /**
   * Checks who may upload before the body is read: a stranger gets 404, the guide or an admin 403,
   * a booking whose tour has not begun 409. `read` then yields the file.
   */
  async upload(
    user: AuthUser,
    bookingId: number,
    read: () => Promise<{ data: Buffer; fileName?: string }>,
  ): Promise<PaymentProofReply> {
    const b = await this.booking(bookingId);
    const viewer = viewerOf(b, user);
    if (viewer !== 'traveler') throw new AppError('forbidden', 'Only the traveler uploads the payment proof');
    if (!inProofState(b))
      throw new AppError('invalid_transition', 'A payment proof can be uploaded once the tour has started');
    if (remainingCents(b) <= 0) throw new AppError('conflict', 'Nothing remains to be paid in person for this booking');
    const existing = await repo.proofOf(this.db, bookingId);
    if (existing?.verifiedAt) throw new AppError('conflict', 'The guide has already verified the payment proof');

    const { data, fileName } = await read();
    const stored = await this.store(data);

    const n = bookingNumber(b.id, b.bookingNumber);
    const url = `/booking/${b.id}/payment-proof`;
    let notices: number | undefined;
    const saved = await this.db.transaction(async (tx) => {
      const out = await repo.saveUpload(tx, {
        bookingId,
        travelerId: b.travelerId,
        amountCents: remainingCents(b),
        currency: b.currency,
        storageKey: stored.key,
        contentType: stored.type,
        sizeBytes: stored.size,
        fileName: displayFileName(fileName, 'payment-proof'),
      });
      if (out === 'verified') return out;
      const key = `payment-proof:${b.id}:uploaded:${out.proof.uploadedAt.getTime()}`;
      notices = await this.notify(tx, [
        {
          userId: b.travelerId,
          type: 'payment',
          text: proofTexts.uploadedForTraveler(n),
          actionUrl: url,
          related: { type: 'booking', id: b.id },
          dedupeKey: key,
        },
        {
          userId: b.guideUserId,
          type: 'payment',
          text: proofTexts.uploadedForGuide(n),
          actionUrl: url,
          related: { type: 'booking', id: b.id },
          dedupeKey: key,
        },
      ]);
      return out;
    });
    this.needs.jobs.soon(notices);
    if (saved === 'verified') {
      await this.needs.storage.delete(stored.key);
      throw new AppError('conflict', 'The guide has already verified the payment proof');
    }
    if (saved.replacedKey && saved.replacedKey !== stored.key) await this.needs.storage.delete(saved.replacedKey);
    return this.reply(b, viewer, saved.proof);
  }

  /**
   * Types by content (file-type), never by name or the sender's Content-Type; images re-encoded, PDFs checked (shared
   * helper).
   */
  private store(data: Buffer): Promise<StoredDocument> {
    return storePrivateDocument(this.needs.storage, PROOF_FOLDER, data, PROOF_BOX);
  }

  async verify(user: AuthUser, bookingId: number): Promise<PaymentProofReply> {
    const b = await this.booking(bookingId);
    const viewer = viewerOf(b, user);
    if (viewer !== 'guide') throw new AppError('forbidden', 'Only the guide verifies the payment proof');
    const n = bookingNumber(b.id, b.bookingNumber);
    const url = `/booking/${b.id}/payment-proof`;
    const key = `payment-proof:${b.id}:verified`;
    let notices: number | undefined;
    const result = await this.db.transaction(async (tx) => {
      const out = await repo.markVerified(tx, bookingId, user.id);
      if (out === 'none' || out === 'already') return out;
      notices = await this.notify(tx, [
        {
          userId: b.travelerId,
          type: 'payment',
          text: proofTexts.verifiedForTraveler(n),
          actionUrl: url,
          related: { type: 'booking', id: b.id },
          dedupeKey: key,
        },
        {
          userId: b.guideUserId,
          type: 'payment',
          text: proofTexts.verifiedForGuide(n),
          actionUrl: url,
          related: { type: 'booking', id: b.id },
          dedupeKey: key,
        },
      ]);
      return out;
    });
    if (result === 'none') throw new AppError('conflict', 'No payment proof has been uploaded yet');
    if (result === 'already') throw new AppError('conflict', 'The payment proof is already verified');
    this.needs.jobs.soon(notices);
    return this.reply(b, viewer, result);
  }

  /**
   * The file, for a signed URL that has not expired or for a signed-in party or admin. A visitor
   * without a valid signature gets 401, a stranger 404.
   */
  async file(
    user: AuthUser | undefined,
    bookingId: number,
    q: { exp?: number; sig?: string },
  ): Promise<{ file: StoredFile; proof: ProofRow; number: string }> {
    const b = await repo.bookingWithParties(this.db, bookingId);
    const proof = b ? await repo.proofOf(this.db, bookingId) : undefined;
    const signed = proof ? this.validSignature(proof, q.exp, q.sig) : false;
    if (!signed) {
      if (!user) throw new AppError('unauthorized', 'Authentication required');
      if (!b) throw notFound('Booking');
      viewerOf(b, user);
    }
    if (!b || !proof) throw notFound('Payment proof');
    const file = await this.needs.storage.get(proof.storageKey);
    if (!file) throw notFound('Payment proof');
    return { file, proof, number: bookingNumber(b.id, b.bookingNumber) };
  }

  /** The notices, written to the outbox in the caller's transaction (decision 085); `jobs.soon` after the commit. */
  private notify(tx: unknown, messages: CreateSystemMessage[]) {
    return this.needs.notifications.enqueue(tx as Database, messages);
  }
}
