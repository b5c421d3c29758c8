ALTER TABLE "station_facts" ADD COLUMN "devices_resting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Stored facts predate the count: mark them stale, so readers compute them on the spot until the jobs
-- refresh them (docs/stations.md "Status model").
UPDATE station_facts SET valid_until = '-infinity';
