import type { Message } from '../../../shared/schemas/messaging';
import type { Offer } from '../../../shared/schemas/offers';
import type { Database } from '../../db/client';
import type { MessageRow } from './messaging.repository';
import type { Locale } from '../../../shared/locales';

export type RequestOffer = NonNullable<NonNullable<Message['tourRequest']>['state']['offer']>;
/**
 * What the offers module tells messaging about offers (decision 078), given by compose.ts: the offer
 * an `offer` message carries, and the latest offer answering each tour request.
 */
export interface OfferReader {
  byMessage(messageIds: number[]): Promise<Map<number, Offer>>;
  byRequest(requestMessageIds: number[]): Promise<Map<number, RequestOffer>>;
}
export interface OfferMaps {
  byMessage: Map<number, Offer>;
  byRequest: Map<number, RequestOffer>;
}
export const NO_OFFERS: OfferMaps = { byMessage: new Map(), byRequest: new Map() };
/** Runs in the transaction that inserts a message, for what it carries (an offer's row). */
export type AttachToMessage = (tx: Database, message: MessageRow) => Promise<void>;

/** The offers of these messages (offer messages) and of these requests (their latest offer). */
export async function readOffers(
  reader: OfferReader | null,
  rows: Pick<MessageRow, 'id' | 'kind'>[],
): Promise<OfferMaps> {
  if (!reader) return NO_OFFERS;
  const ids = (kind: string) => rows.filter((m) => m.kind === kind).map((m) => m.id);
  const [offerIds, requestIds] = [ids('offer'), ids('tour_request')];
  const [byMessage, byRequest] = await Promise.all([
    offerIds.length ? reader.byMessage(offerIds) : new Map<number, Offer>(),
    requestIds.length ? reader.byRequest(requestIds) : new Map<number, RequestOffer>(),
  ]);
  return { byMessage, byRequest };
}

/** An offer's line in the conversation list, in the reader's language: "Offer · note" / "报价 · note". */
const OFFER_WORD: Record<Locale, string> = { en: 'Offer', 'zh-CN': '报价', ja: 'オファー' };
export const offerPreview = (locale: Locale, note: string) =>
  [OFFER_WORD[locale], note.trim()].filter(Boolean).join(' · ');
