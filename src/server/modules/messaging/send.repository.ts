import { sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '../../../shared/booking/state-machine';
import type { Locale } from '../../../shared/locales';
import type { TourRequest } from '../../../shared/schemas/messaging';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/raw-row';
import { liveSessionExists } from '../auth/index';
import { CONTACTS_LOCKED, NOT_A_BOOKING } from './send-rules';
import type { MessageRow } from './messaging.repository';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface SendInput {
  conversationId: number;
  senderId: number;
  /** The caller's session, when no read before checked it is live (the route's `requireToken`); null when one did. */
  sessionId: string | null;
  clientMessageId: string;
  body: string;
  kind: 'text' | 'tour_request' | 'offer';
  tourRequest: TourRequest | null;
  /** A traveler's free messages before the guide replies or a booking exists (decision 050). */
  freeMessages: number;
  /** Messages the sender may send in any minute (decision 160); the send past it writes nothing. */
  perMinute: number;
  /** The chat e-mail job, written when the recipient asked for chat e-mails (their setting, else `emailByDefault`). */
  mail: {
    kind: string;
    emailByDefault: boolean;
    /** The e-mail's text per locale, as the recipient reads it before contacts are unlocked (masked) and after. */
    masked: Record<Locale, string>;
    open: Record<Locale, string>;
  };
}

/** Who is in the conversation, what the pair has booked and each side's counters after the send. */
export interface SendOutcome {
  conversation: { id: number; travelerId: number; guideId: number; guideUserId: number };
  hasBooking: boolean;
  confirmed: boolean;
  travelerMessages: number;
  guideMessages: number;
  travelerUnread: number;
  guideUnread: number;
  /** The message made now, or the one this clientMessageId made before (`created` false). */
  message: MessageRow | null;
  created: boolean;
  /** The chat e-mail's job, when one was written. */
  mailJobId: number | null;
  /**
   * Nothing was written: the sender sent `perMinute` messages in the last minute; they may again in `retryAfter`
   * seconds.
   */
  tooFast: { retryAfter: number } | null;
}

type Row = {
  session_live: boolean;
  c_id: number | null;
  traveler_id: number;
  guide_id: number;
  guide_user_id: number;
  has_booking: boolean;
  confirmed: boolean;
  traveler_messages: number;
  guide_messages: number;
  traveler_unread: number;
  guide_unread: number;
  created: boolean | null;
  m_id: number | null;
  m_sender_id: number;
  m_client_message_id: string;
  m_body: string;
  m_kind: MessageRow['kind'];
  m_tour_request: string | null;
  m_tour_request_status: MessageRow['tourRequestStatus'];
  m_reject_reason: string | null;
  m_answered_at: number | string | null;
  m_booking_id: number | null;
  m_created_at: number | string;
  mail_job_id: number | null;
  too_fast: boolean;
  retry_after: number | null;
};

/**
 * A chat message sent, in one statement (decision 089): the membership check (a conversation
 * the sender is not in gives no row), the pair's bookings (credits, masking), the message this
 * clientMessageId made before, the sender's pace (decision 160: their messages of the last minute,
 * counted up to `perMinute`), the credit check, the insert, each side's counters (last message, sent,
 * the recipient's unread) with RETURNING, and the chat e-mail's job when the recipient asked for one.
 * The conversation's row is locked first (`FOR UPDATE`), so sends in one conversation are serialized
 * and the credit check reads the counters of the send before it. One statement is one transaction
 * with autocommit; inside a transaction (an offer's) it is part of it. With `sessionId`, it also checks
 * that session is live, as `requireAuth`'s read would (not revoked or expired, the user neither deleted
 * nor suspended): 'session_ended' when it is not, and nothing is written.
 */
export async function sendMessage(db: Database | Tx, i: SendInput): Promise<SendOutcome | 'session_ended' | null> {
  const result = await db.execute(sendStatement(i));
  const r = rowsOf<Row>(result)[0];
  if (!r?.session_live) return 'session_ended';
  if (r.c_id === null) return null;
  return outcomeOf(r, r.c_id);
}

/** The send's one statement: the reads, the writes, the chat e-mail's job, then the outcome's one row. */
function sendStatement(i: SendInput): SQL {
  return sql`
    WITH ${readCtes(i)},
    ${writeCtes(i)},
    ${chatMailCte(i)},
    msg AS (
      SELECT true AS created, ins.* FROM ins
      UNION ALL
      SELECT false, existing.* FROM existing
    )
    ${outcomeSelect(i)}`;
}

/**
 * The session, the conversation locked with the pair's bookings, the message of this clientMessageId, and the sender's
 * pace.
 */
function readCtes(i: SendInput): SQL {
  return sql`live AS (
      SELECT ${i.sessionId === null ? sql`true` : liveSessionExists(i.sessionId, i.senderId)} AS ok
    ),
    c AS (
      SELECT conv.id, conv.traveler_id, conv.guide_id, conv.guide_user_id,
             conv.traveler_messages, conv.guide_messages, conv.traveler_unread, conv.guide_unread,
             ${pairHasBookingSql(sql`conv.traveler_id`, sql`conv.guide_id`)} AS has_booking,
             ${pairConfirmedSql(sql`conv.traveler_id`, sql`conv.guide_id`)} AS confirmed
        FROM conversations conv
       WHERE conv.id = ${i.conversationId} AND ${i.senderId} IN (conv.traveler_id, conv.guide_user_id) AND (SELECT ok FROM live)
         FOR UPDATE OF conv
    ),
    existing AS (
      SELECT m.* FROM messages m JOIN c ON m.conversation_id = c.id
       WHERE m.sender_id = ${i.senderId} AND m.client_message_id = ${i.clientMessageId}
    ),
    pace AS (
      SELECT count(*)::int AS n, min(created_at) AS oldest FROM (
        SELECT created_at FROM messages
         WHERE sender_id = ${i.senderId} AND created_at > now() - interval '1 minute'
         ORDER BY created_at DESC LIMIT ${i.perMinute}
      ) recent
    )`;
}

/** The message, when it is new, the sender may send and is not too fast, and each side's counters after it. */
function writeCtes(i: SendInput): SQL {
  return sql`ins AS (
      INSERT INTO messages (conversation_id, sender_id, client_message_id, body, kind, tour_request, tour_request_status)
      SELECT c.id, ${i.senderId}, ${i.clientMessageId}, ${i.body}, ${i.kind}, ${i.tourRequest ? JSON.stringify(i.tourRequest) : null}::jsonb,
             ${i.tourRequest ? 'pending' : null}
        FROM c
       WHERE NOT EXISTS (SELECT 1 FROM existing)
         AND (SELECT n FROM pace) < ${i.perMinute}
         AND ${maySendSql({ senderIsTraveler: sql`c.traveler_id = ${i.senderId}`, hasBooking: sql`c.has_booking`, guideMessages: sql`c.guide_messages`, travelerMessages: sql`c.traveler_messages` }, i.freeMessages)}
      ON CONFLICT DO NOTHING
      RETURNING *
    ),
    bump AS (
      UPDATE conversations conv
         SET last_message_at = ins.created_at,
             traveler_messages = conv.traveler_messages + (ins.sender_id = conv.traveler_id)::int,
             guide_messages = conv.guide_messages + (ins.sender_id <> conv.traveler_id)::int,
             traveler_unread = conv.traveler_unread + (ins.sender_id <> conv.traveler_id)::int,
             guide_unread = conv.guide_unread + (ins.sender_id = conv.traveler_id)::int
        FROM ins
       WHERE conv.id = ins.conversation_id
      RETURNING conv.traveler_messages, conv.guide_messages, conv.traveler_unread, conv.guide_unread
    )`;
}

/** The chat e-mail's job for the recipient, when their setting (else `emailByDefault`) asks for chat e-mails. */
function chatMailCte(i: SendInput): SQL {
  return sql`mail AS (
      INSERT INTO jobs (kind, payload, run_at, dedupe_key)
      SELECT ${i.mail.kind},
             jsonb_build_object(
               'userId', r.id,
               'from', (SELECT coalesce(nullif(u.nickname, ''), nullif(u.full_name, ''), u.username) FROM users u WHERE u.id = ${i.senderId}),
               'body', CASE WHEN c.confirmed THEN ${JSON.stringify(i.mail.open)}::jsonb ELSE ${JSON.stringify(i.mail.masked)}::jsonb END,
               'conversationId', c.id),
             now(), ${i.mail.kind + ':'}::text || ins.id::text
        FROM ins, c, LATERAL (SELECT CASE WHEN c.traveler_id = ins.sender_id THEN c.guide_user_id ELSE c.traveler_id END AS id) r
       WHERE coalesce((SELECT s.email FROM notification_settings s WHERE s.user_id = r.id AND s.kind = 'chat'), ${i.mail.emailByDefault})
      ON CONFLICT DO NOTHING
      RETURNING id
    )`;
}

/**
 * One row, whatever happened: the session, the conversation and its counters, the message, the e-mail's job and the
 * pace.
 */
function outcomeSelect(i: SendInput): SQL {
  return sql`SELECT (SELECT ok FROM live) AS session_live, c.id AS c_id, c.traveler_id, c.guide_id, c.guide_user_id, c.has_booking, c.confirmed,
           coalesce(bump.traveler_messages, c.traveler_messages) AS traveler_messages,
           coalesce(bump.guide_messages, c.guide_messages) AS guide_messages,
           coalesce(bump.traveler_unread, c.traveler_unread) AS traveler_unread,
           coalesce(bump.guide_unread, c.guide_unread) AS guide_unread,
           msg.created, msg.id AS m_id, msg.sender_id AS m_sender_id, msg.client_message_id AS m_client_message_id,
           msg.body AS m_body, msg.kind AS m_kind, msg.tour_request::text AS m_tour_request,
           msg.tour_request_status AS m_tour_request_status, msg.reject_reason AS m_reject_reason,
           (extract(epoch FROM msg.answered_at) * 1000)::float8 AS m_answered_at, msg.booking_id AS m_booking_id,
           (extract(epoch FROM msg.created_at) * 1000)::float8 AS m_created_at,
           (SELECT id FROM mail) AS mail_job_id,
           (SELECT n >= ${i.perMinute} FROM pace) AND NOT EXISTS (SELECT 1 FROM existing) AS too_fast,
           (SELECT ceil(extract(epoch FROM oldest + interval '1 minute' - now()))::int FROM pace) AS retry_after
      FROM (SELECT 1) one
      LEFT JOIN c ON true
      LEFT JOIN msg ON true
      LEFT JOIN bump ON true`;
}

/** The row's ids, counts and epoch milliseconds as numbers, whichever way the driver gives them. */
const n = (v: number | string) => Number(v);

/** The statement's row as a SendOutcome; `conversationId` is its c_id, known not null. */
function outcomeOf(r: Row, conversationId: number): SendOutcome {
  return {
    conversation: {
      id: n(conversationId),
      travelerId: n(r.traveler_id),
      guideId: n(r.guide_id),
      guideUserId: n(r.guide_user_id),
    },
    hasBooking: Boolean(r.has_booking),
    confirmed: Boolean(r.confirmed),
    travelerMessages: n(r.traveler_messages),
    guideMessages: n(r.guide_messages),
    travelerUnread: n(r.traveler_unread),
    guideUnread: n(r.guide_unread),
    created: Boolean(r.created),
    mailJobId: r.mail_job_id === null ? null : n(r.mail_job_id),
    tooFast: r.too_fast && r.c_id !== null ? { retryAfter: Math.max(1, n(r.retry_after ?? 1)) } : null,
    message: r.m_id === null ? null : messageOf(r, r.m_id, conversationId),
  };
}

/** The message this send made, or the one its clientMessageId made before. */
function messageOf(r: Row, id: number, conversationId: number): MessageRow {
  return {
    id: n(id),
    conversationId: n(conversationId),
    senderId: n(r.m_sender_id),
    clientMessageId: r.m_client_message_id,
    body: r.m_body,
    kind: r.m_kind,
    tourRequest: r.m_tour_request === null ? null : (JSON.parse(r.m_tour_request) as TourRequest),
    tourRequestStatus: r.m_tour_request_status,
    rejectReason: r.m_reject_reason,
    answeredAt: r.m_answered_at === null ? null : new Date(n(r.m_answered_at)),
    bookingId: r.m_booking_id === null ? null : n(r.m_booking_id),
    createdAt: new Date(n(r.m_created_at)),
  };
}

/**
 * Counts every conversation's sent and unread messages afresh (one statement), for writers that insert
 * messages or read marks directly rather than through a send (the demo seed); the migration that added
 * the counters did the same.
 */
export async function recountConversations(db: Database): Promise<void> {
  await db.execute(sql`
    UPDATE conversations c SET traveler_messages = s.tm, guide_messages = s.gm, traveler_unread = s.tu, guide_unread = s.gu
    FROM (
      SELECT c2.id,
        count(m.id) FILTER (WHERE m.sender_id = c2.traveler_id)::int AS tm,
        count(m.id) FILTER (WHERE m.sender_id <> c2.traveler_id)::int AS gm,
        count(m.id) FILTER (WHERE m.sender_id <> c2.traveler_id AND m.id > coalesce(rt.last_read_message_id, 0))::int AS tu,
        count(m.id) FILTER (WHERE m.sender_id <> c2.guide_user_id AND m.id > coalesce(rg.last_read_message_id, 0))::int AS gu
      FROM conversations c2
      LEFT JOIN messages m ON m.conversation_id = c2.id
      LEFT JOIN conversation_reads rt ON rt.conversation_id = c2.id AND rt.user_id = c2.traveler_id
      LEFT JOIN conversation_reads rg ON rg.conversation_id = c2.id AND rg.user_id = c2.guide_user_id
      GROUP BY c2.id, rt.last_read_message_id, rg.last_read_message_id
    ) s WHERE s.id = c.id`);
}

// The SQL forms of send-rules.ts, read by the send statement above (send-rules.test.ts checks each against its plain
// form).

const statusList = (list: readonly BookingStatus[]) => sql.raw(list.map((s) => `'${s}'`).join(', '));

/** `countsAsBooking` for any booking of the pair (an SQL boolean). */
export function pairHasBookingSql(travelerId: SQL, guideId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM bookings b WHERE b.traveler_id = ${travelerId} AND b.guide_id = ${guideId} AND b.status NOT IN (${statusList(NOT_A_BOOKING)}))`;
}

/** `unlocksContacts` for any booking of the pair (an SQL boolean). */
export function pairConfirmedSql(travelerId: SQL, guideId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM bookings b WHERE b.traveler_id = ${travelerId} AND b.guide_id = ${guideId} AND b.status NOT IN (${statusList(CONTACTS_LOCKED)}))`;
}

/**
 * `canSend(creditsFor(side, facts))` of `shared/messaging/credits.ts` as an SQL boolean: a guide always
 * may; a traveler while a booking exists, the guide has replied, or fewer than `freeMessages` are sent.
 */
export function maySendSql(
  f: { senderIsTraveler: SQL; hasBooking: SQL; guideMessages: SQL; travelerMessages: SQL },
  freeMessages: number,
): SQL {
  return sql`(NOT ${f.senderIsTraveler} OR ${f.hasBooking} OR ${f.guideMessages} > 0 OR ${f.travelerMessages} < ${freeMessages})`;
}
