-- Decision 094: the coordinates of a meeting point chosen from the list, for the map link
-- of the trip card and the booking PDF. Null for a typed address (the link then searches the address).
ALTER TABLE "bookings" ADD COLUMN "meeting_lat" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "meeting_lng" double precision;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "meeting_lat" double precision;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "meeting_lng" double precision;
