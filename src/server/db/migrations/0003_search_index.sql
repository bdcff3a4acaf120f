DROP INDEX "guides_search_city_rating_idx";--> statement-breakpoint
DROP INDEX "guides_search_rating_idx";--> statement-breakpoint
DROP INDEX "guides_search_city_price_idx";--> statement-breakpoint
DROP INDEX "guides_service_ids_gin";--> statement-breakpoint
-- Search runs on an index kept in each server's memory (docs/decisions/036). Every change to what
-- it holds is announced on the 'guide_search' channel as the changed guide ids, once per statement
-- and delivered at commit; a payload too long for NOTIFY becomes '*' (reload everything).
CREATE FUNCTION guide_search_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_TABLE_NAME = 'guides' THEN
    SELECT string_agg(DISTINCT c.id::text, ',') INTO ids FROM changed c;
  ELSIF TG_TABLE_NAME IN ('service_categories', 'service_subcategories') THEN
    ids := '*';
  ELSIF TG_TABLE_NAME = 'users' THEN
    SELECT string_agg(DISTINCT g.id::text, ',') INTO ids FROM changed c JOIN guides g ON g.user_id = c.id;
  ELSE
    SELECT string_agg(DISTINCT c.guide_id::text, ',') INTO ids FROM changed c;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('guide_search', CASE WHEN length(ids) > 7900 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER guides_search_insert AFTER INSERT ON guides REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION guide_search_notify();
--> statement-breakpoint
CREATE TRIGGER guides_search_update AFTER UPDATE ON guides REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION guide_search_notify();
--> statement-breakpoint
CREATE TRIGGER guides_search_delete AFTER DELETE ON guides REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION guide_search_notify();
--> statement-breakpoint
CREATE TRIGGER exceptions_search_insert AFTER INSERT ON guide_availability_exceptions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION guide_search_notify();
--> statement-breakpoint
CREATE TRIGGER exceptions_search_update AFTER UPDATE ON guide_availability_exceptions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION guide_search_notify();
--> statement-breakpoint
CREATE TRIGGER exceptions_search_delete AFTER DELETE ON guide_availability_exceptions REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION guide_search_notify();
--> statement-breakpoint
CREATE TRIGGER services_search_insert AFTER INSERT ON guide_services REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION guide_search_notify();
--> statement-breakpoint
CREATE TRIGGER services_search_update AFTER UPDATE ON guide_services REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION guide_search_notify();
--> statement-breakpoint
CREATE TRIGGER services_search_delete AFTER DELETE ON guide_services REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION guide_search_notify();
--> statement-breakpoint
-- Service names are on the cards too.
CREATE TRIGGER categories_search_change AFTER INSERT OR UPDATE OR DELETE ON service_categories FOR EACH STATEMENT EXECUTE FUNCTION guide_search_notify();
--> statement-breakpoint
CREATE TRIGGER subcategories_search_change AFTER INSERT OR UPDATE OR DELETE ON service_subcategories FOR EACH STATEMENT EXECUTE FUNCTION guide_search_notify();
--> statement-breakpoint
-- A guide's name and photo are on their user row (the cards show them).
CREATE TRIGGER users_search_update AFTER UPDATE ON users REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION guide_search_notify();
