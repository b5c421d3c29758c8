-- Cached station list pages and Home answers (docs/stations.md, Scale) are dropped on every API process
-- when what they are built from, besides the live figures, changes: the stations themselves, who follows
-- them, and the exchange rates Home converts income with. Users and companies already notify (0004).
-- One notification per statement (payload `t`): a bulk write says it once.
CREATE TRIGGER stations_notify AFTER INSERT OR UPDATE OR DELETE ON "stations" FOR EACH STATEMENT
  EXECUTE FUNCTION notify_auth_change('t');
--> statement-breakpoint
CREATE TRIGGER station_follows_notify AFTER INSERT OR UPDATE OR DELETE ON "station_follows" FOR EACH STATEMENT
  EXECUTE FUNCTION notify_auth_change('t');
--> statement-breakpoint
CREATE TRIGGER currencies_notify AFTER INSERT OR UPDATE OR DELETE ON "currencies" FOR EACH STATEMENT
  EXECUTE FUNCTION notify_auth_change('t');
