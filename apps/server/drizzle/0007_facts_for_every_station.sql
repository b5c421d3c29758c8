CREATE INDEX "station_facts_status_idx" ON "station_facts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stations_name_idx" ON "stations" USING btree ("name","id");--> statement-breakpoint
-- Every station has a facts row from its creation (a station without loggers: OTHER, nothing counted,
-- holding until a logger is bound, which marks it stale), so list filters read station_facts alone.
CREATE FUNCTION station_facts_station_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO station_facts (station_id, status, valid_until, gateways, gateways_online, devices, devices_fault,
      devices_running, devices_offline, power_w, has_inverters, has_meters, has_batteries, computed_at)
    VALUES (NEW.id, 'OTHER', NULL, 0, 0, 0, 0, 0, 0, NULL, false, false, false, now())
    ON CONFLICT (station_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER station_facts_station AFTER INSERT ON stations FOR EACH ROW
  EXECUTE FUNCTION station_facts_station_created();
--> statement-breakpoint
-- Stations that have none yet get a stale row: readers compute it on the spot until the jobs refresh it.
INSERT INTO station_facts (station_id, status, valid_until, gateways, gateways_online, devices, devices_fault,
    devices_running, devices_offline, power_w, has_inverters, has_meters, has_batteries, computed_at)
  SELECT s.id, 'OTHER', '-infinity', 0, 0, 0, 0, 0, 0, NULL, false, false, false, now()
  FROM stations s WHERE NOT EXISTS (SELECT 1 FROM station_facts f WHERE f.station_id = s.id);
