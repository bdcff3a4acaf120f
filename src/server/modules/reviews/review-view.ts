import { detectTextLanguage, type TextLanguage } from '../../../shared/guide-texts';
import type { Review } from '../../../shared/schemas/guides';
import type { ReviewPhoto, SubRatings } from '../../../shared/schemas/reviews';
import { fieldsOf, translationScope, type TextToTranslate, type Translations } from '../translation/index';

interface TrustColumns {
  bookingId: number | null;
  knowledgeRating: number | null;
  communicationRating: number | null;
  punctualityRating: number | null;
  valueRating: number | null;
  reply: string | null;
  repliedAt: Date | null;
}

/**
 * What every reader of a review sees besides stars and text (decision 134). `touredWithGuide` states
 * that the review comes from a booking: reviews are only written for completed bookings, and the demo
 * seed's older reviews, which have none, do not carry the mark.
 */
export function trustOf(r: TrustColumns, photos: readonly ReviewPhoto[] = []) {
  const subRatings: SubRatings | null =
    r.knowledgeRating !== null &&
    r.communicationRating !== null &&
    r.punctualityRating !== null &&
    r.valueRating !== null
      ? {
          knowledge: r.knowledgeRating,
          communication: r.communicationRating,
          punctuality: r.punctualityRating,
          value: r.valueRating,
        }
      : null;
  return {
    subRatings,
    photos: [...photos],
    reply: r.reply !== null && r.repliedAt ? { text: r.reply, repliedAt: r.repliedAt.toISOString() } : null,
    touredWithGuide: r.bookingId !== null,
  };
}

/**
 * Who wrote a page's texts, by account language: each review's reviewer (in the page's order) and the guide, who writes
 * every reply.
 */
interface ReviewWriters {
  reviewers: readonly (TextLanguage | undefined)[];
  guide: TextLanguage | undefined;
}

/**
 * A page of reviews with the machine translation (decision 145) of each text and the guide's reply
 * into the reader's language, from the cache in one statement; as they were without a provider. A
 * kanji-only text is in its writer's language (decision 146): the reviewer's for the review, the
 * guide's for the reply.
 */
export async function withReviewTranslations(
  translations: Pick<Translations, 'read' | 'enabled'> | undefined,
  reviews: Review[],
  reader: TextLanguage,
  writers: ReviewWriters,
): Promise<Review[]> {
  if (!translations?.enabled) return reviews;
  const languages = reviews.map((r, i) => ({
    content: detectTextLanguage(r.content, writers.reviewers[i]),
    reply: detectTextLanguage(r.reply?.text, writers.guide),
  }));
  // Each review's translations are its own (decision 184): the reviewer wrote the content, the reviewed the reply.
  const ask = (r: Review, text: string | undefined, from: TextLanguage, writerId: number): TextToTranslate | null =>
    text ? { text, from, to: reader, scope: translationScope.review(r.id), writerId } : null;
  const found = await translations.read(
    reviews.flatMap((r, i) => [
      ask(r, r.content, languages[i]!.content, r.fromUserId),
      ask(r, r.reply?.text, languages[i]!.reply, r.toUserId),
    ]),
  );
  return reviews.map((r, i) => {
    const [content, reply] = [found[2 * i], found[2 * i + 1]];
    return {
      ...r,
      ...(content && { contentLanguage: languages[i]!.content, ...fieldsOf('content', content) }),
      ...(reply && r.reply && { replyLanguage: languages[i]!.reply, ...fieldsOf('reply', reply) }),
    };
  });
}
