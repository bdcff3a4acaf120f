-- Search reads what holds a guide's time (decision 207): each instance's index keeps the longest free stretch of
-- every day her bookings and other calendars touch, so a change to either is announced on the search channel as
-- 'held:' and the guide ids. A booking announces only when whether it holds time, its times or its guide change
-- (the statuses are bookings_no_overlap's, migration 0004); a busy time on any insert or delete (a sync replaces them).
CREATE FUNCTION guide_held_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('guide_search', 'held:' || OLD.guide_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('guide_search', 'held:' || NEW.guide_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_held_insert AFTER INSERT ON bookings FOR EACH ROW
  WHEN (NEW.status IN ('pending', 'confirmed', 'upcoming', 'awaiting_start', 'start_confirmed', 'ongoing', 'extend_requested', 'extend_confirmed'))
  EXECUTE FUNCTION guide_held_notify();
--> statement-breakpoint
CREATE TRIGGER bookings_held_update AFTER UPDATE OF status, starts_at, ends_at, guide_id ON bookings FOR EACH ROW
  WHEN (
    OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.ends_at IS DISTINCT FROM NEW.ends_at
    OR OLD.guide_id IS DISTINCT FROM NEW.guide_id
    OR (OLD.status IN ('pending', 'confirmed', 'upcoming', 'awaiting_start', 'start_confirmed', 'ongoing', 'extend_requested', 'extend_confirmed'))
      <> (NEW.status IN ('pending', 'confirmed', 'upcoming', 'awaiting_start', 'start_confirmed', 'ongoing', 'extend_requested', 'extend_confirmed'))
  )
  EXECUTE FUNCTION guide_held_notify();
--> statement-breakpoint
CREATE TRIGGER bookings_held_delete AFTER DELETE ON bookings FOR EACH ROW EXECUTE FUNCTION guide_held_notify();
--> statement-breakpoint
CREATE FUNCTION guide_busy_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT string_agg(DISTINCT c.guide_id::text, ',') INTO ids FROM changed c;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('guide_search', CASE WHEN length(ids) > 7900 THEN '*' ELSE 'held:' || ids END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER busy_times_held_insert AFTER INSERT ON guide_busy_times REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION guide_busy_notify();
--> statement-breakpoint
CREATE TRIGGER busy_times_held_delete AFTER DELETE ON guide_busy_times REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION guide_busy_notify();
