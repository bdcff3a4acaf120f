ALTER TABLE "conversations" ADD COLUMN "traveler_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "guide_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "traveler_unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "guide_unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- 0026_chat_counters (decision 089): each side's sent and unread messages, kept by the send's
-- own statement, counted once here for the conversations that exist.
UPDATE "conversations" c SET "traveler_messages" = s.tm, "guide_messages" = s.gm, "traveler_unread" = s.tu, "guide_unread" = s.gu
FROM (
  SELECT c2.id,
    count(m.id) FILTER (WHERE m.sender_id = c2.traveler_id)::int AS tm,
    count(m.id) FILTER (WHERE m.sender_id <> c2.traveler_id)::int AS gm,
    count(m.id) FILTER (WHERE m.sender_id <> c2.traveler_id AND m.id > coalesce(rt.last_read_message_id, 0))::int AS tu,
    count(m.id) FILTER (WHERE m.sender_id <> c2.guide_user_id AND m.id > coalesce(rg.last_read_message_id, 0))::int AS gu
  FROM "conversations" c2
  LEFT JOIN "messages" m ON m.conversation_id = c2.id
  LEFT JOIN "conversation_reads" rt ON rt.conversation_id = c2.id AND rt.user_id = c2.traveler_id
  LEFT JOIN "conversation_reads" rg ON rg.conversation_id = c2.id AND rg.user_id = c2.guide_user_id
  GROUP BY c2.id, rt.last_read_message_id, rg.last_read_message_id
) s WHERE s.id = c.id;
