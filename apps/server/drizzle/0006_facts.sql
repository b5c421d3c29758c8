CREATE TABLE "rollup_station_5m" (
	"station_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"pv_w" double precision,
	"grid_w" double precision,
	"battery_w" double precision,
	"soc_pct" double precision,
	CONSTRAINT "rollup_station_5m_station_id_bucket_pk" PRIMARY KEY("station_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "station_facts" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"valid_until" timestamp with time zone,
	"gateways" integer NOT NULL,
	"gateways_online" integer NOT NULL,
	"devices" integer NOT NULL,
	"devices_fault" integer NOT NULL,
	"devices_running" integer NOT NULL,
	"devices_offline" integer NOT NULL,
	"power_w" double precision,
	"has_inverters" boolean NOT NULL,
	"has_meters" boolean NOT NULL,
	"has_batteries" boolean NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_latest" ADD COLUMN "power_w" double precision;--> statement-breakpoint
ALTER TABLE "device_latest" ADD COLUMN "energy_today_wh" double precision;--> statement-breakpoint
ALTER TABLE "device_latest" ADD COLUMN "energy_total_wh" double precision;--> statement-breakpoint
ALTER TABLE "device_latest" ADD COLUMN "soc_pct" double precision;--> statement-breakpoint
ALTER TABLE "device_latest" ADD COLUMN "state_code" integer;--> statement-breakpoint
ALTER TABLE "device_latest" ADD COLUMN "producing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "station_facts" ADD CONSTRAINT "station_facts_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "station_facts_valid_idx" ON "station_facts" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "alarms_open_fault_idx" ON "alarms" USING btree ("device_id","gateway_id") WHERE kind = 'ALARM' and ended_at is null and level in ('URGENT', 'IMPORTANT');--> statement-breakpoint
-- Station facts are refreshed by the writers that keep them (the ingest, in its own transaction, with
-- SET LOCAL sunfleet.facts = 'writer'). Any other change of a status input marks the station's facts
-- stale: readers then compute them on the spot and the jobs refresh them (docs/stations.md).
CREATE FUNCTION station_facts_stale(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE station_facts SET valid_until = '-infinity'
  WHERE station_id = ANY (ids) AND valid_until IS DISTINCT FROM '-infinity'
$$;
--> statement-breakpoint
CREATE FUNCTION station_facts_gateways_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM station_facts_stale(ARRAY[OLD.station_id]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM station_facts_stale(ARRAY[NEW.station_id]); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rows that name their logger (devices, alarms): the stations of the old and the new logger.
CREATE FUNCTION station_facts_logger_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM station_facts_stale(ARRAY(SELECT station_id FROM gateways WHERE id = OLD.gateway_id));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM station_facts_stale(ARRAY(SELECT station_id FROM gateways WHERE id = NEW.gateway_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION station_facts_latest_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d integer;
BEGIN
  IF TG_OP = 'DELETE' THEN d := OLD.device_id; ELSE d := NEW.device_id; END IF;
  PERFORM station_facts_stale(ARRAY(
    SELECT g.station_id FROM devices v JOIN gateways g ON g.id = v.gateway_id WHERE v.id = d));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER station_facts_gateways AFTER INSERT OR DELETE OR UPDATE OF station_id, last_seen_at, upload_interval_s
  ON gateways FOR EACH ROW WHEN (current_setting('sunfleet.facts', true) IS DISTINCT FROM 'writer')
  EXECUTE FUNCTION station_facts_gateways_changed();
--> statement-breakpoint
CREATE TRIGGER station_facts_devices AFTER INSERT OR DELETE OR UPDATE OF gateway_id, last_seen_at, device_type
  ON devices FOR EACH ROW WHEN (current_setting('sunfleet.facts', true) IS DISTINCT FROM 'writer')
  EXECUTE FUNCTION station_facts_logger_row_changed();
--> statement-breakpoint
CREATE TRIGGER station_facts_latest AFTER INSERT OR DELETE OR UPDATE
  ON device_latest FOR EACH ROW WHEN (current_setting('sunfleet.facts', true) IS DISTINCT FROM 'writer')
  EXECUTE FUNCTION station_facts_latest_changed();
--> statement-breakpoint
CREATE TRIGGER station_facts_alarms AFTER INSERT OR DELETE OR UPDATE
  ON alarms FOR EACH ROW WHEN (current_setting('sunfleet.facts', true) IS DISTINCT FROM 'writer')
  EXECUTE FUNCTION station_facts_logger_row_changed();
--> statement-breakpoint
-- Typed facts of the latest values already stored, by the registers their definitions map to the typed
-- columns (isProducing of packages/domain, as of this migration), and the 5-minute station rollups of
-- the telemetry already stored (the rollup worker recomputes them from the queue).
WITH keys AS (
  SELECT m.id AS model_id, c.col, (
    SELECT e.r ->> 'key' FROM jsonb_array_elements(p.registers) WITH ORDINALITY AS e(r, i)
    WHERE e.r ->> 'column' = c.col ORDER BY e.i LIMIT 1) AS key
  FROM device_models m JOIN protocol_definitions p ON p.id = m.definition_id
  CROSS JOIN (VALUES ('power_w'), ('energy_today_wh'), ('energy_total_wh'), ('soc_pct'), ('status_code')) AS c(col)
), vals AS (
  SELECT dl.device_id, v.device_type, k.col,
    CASE WHEN jsonb_typeof(dl.values -> k.key) = 'number' THEN (dl.values ->> k.key)::float8 END AS value
  FROM device_latest dl JOIN devices v ON v.id = dl.device_id JOIN keys k ON k.model_id = v.model_id
), typed AS (
  SELECT device_id, device_type,
    max(value) FILTER (WHERE col = 'power_w') AS power_w,
    max(value) FILTER (WHERE col = 'energy_today_wh') AS energy_today_wh,
    max(value) FILTER (WHERE col = 'energy_total_wh') AS energy_total_wh,
    max(value) FILTER (WHERE col = 'soc_pct') AS soc_pct,
    max(value) FILTER (WHERE col = 'status_code' AND abs(value) <= 2147483647) AS state_code
  FROM vals GROUP BY device_id, device_type
)
UPDATE device_latest dl SET power_w = t.power_w, energy_today_wh = t.energy_today_wh,
  energy_total_wh = t.energy_total_wh, soc_pct = t.soc_pct, state_code = round(t.state_code)::int,
  producing = CASE WHEN t.device_type <> 'INVERTER' THEN true
    WHEN t.power_w IS NOT NULL THEN t.power_w > 0 ELSE coalesce(round(t.state_code) IN (4, 5), false) END
FROM typed t WHERE t.device_id = dl.device_id;
--> statement-breakpoint
UPDATE device_latest dl SET producing = true FROM devices v
WHERE v.id = dl.device_id AND v.device_type <> 'INVERTER';
--> statement-breakpoint
INSERT INTO rollup_dirty (device_id, from_ts, to_ts)
SELECT device_id, min(ts), max(ts) FROM telemetry GROUP BY device_id;
