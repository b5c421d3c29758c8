CREATE TABLE "alarm_reads" (
	"alarm_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alarm_reads_user_id_alarm_id_pk" PRIMARY KEY("user_id","alarm_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_rule_state" (
	"rule_id" integer NOT NULL,
	"gateway_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"holding_since" timestamp with time zone,
	"calm_since" timestamp with time zone,
	"raises" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone,
	CONSTRAINT "alarm_rule_state_rule_id_gateway_id_device_id_pk" PRIMARY KEY("rule_id","gateway_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"station_id" integer,
	"model_id" integer,
	"level" text NOT NULL,
	"code" integer NOT NULL,
	"threshold" double precision,
	"hysteresis" double precision DEFAULT 0 NOT NULL,
	"intervals" integer,
	"min_irradiance" double precision,
	"debounce_s" integer DEFAULT 0 NOT NULL,
	"escalate_after_s" integer,
	"flap_count" integer DEFAULT 5 NOT NULL,
	"flap_window_s" integer DEFAULT 3600 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_rules_one_scope" CHECK ("alarm_rules"."station_id" is null or "alarm_rules"."model_id" is null)
);
--> statement-breakpoint
CREATE TABLE "maintenance_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer,
	"device_id" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"weekday" smallint,
	"start_minute" smallint,
	"end_minute" smallint,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_windows_one_target" CHECK (("maintenance_windows"."station_id" is null) <> ("maintenance_windows"."device_id" is null))
);
--> statement-breakpoint
DROP INDEX "alarms_open_fault_idx";--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "source" text DEFAULT 'LOGGER' NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "rule_id" integer;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "acknowledged_by" integer;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "ack_note" text;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "cleared_by" text;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "cleared_by_user" integer;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "clear_reason" text;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "repeat_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "in_maintenance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "flapping" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_reads" ADD CONSTRAINT "alarm_reads_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_reads" ADD CONSTRAINT "alarm_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rule_state" ADD CONSTRAINT "alarm_rule_state_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "alarm_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "device_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_rules_kind_idx" ON "alarm_rules" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "maintenance_windows_station_idx" ON "maintenance_windows" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "maintenance_windows_device_idx" ON "maintenance_windows" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "alarms_started_idx" ON "alarms" USING btree ("started_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_rule_open_key" ON "alarms" USING btree ("gateway_id",coalesce(device_id, 0),"code") WHERE source = 'RULE' and ended_at is null;--> statement-breakpoint
CREATE INDEX "alarms_open_idx" ON "alarms" USING btree ("gateway_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "alarms_open_fault_idx" ON "alarms" USING btree ("device_id","gateway_id") WHERE source = 'LOGGER' and kind = 'ALARM' and ended_at is null and level in ('URGENT', 'IMPORTANT');--> statement-breakpoint
ALTER TABLE "alarms" DROP COLUMN "read_at";--> statement-breakpoint
-- Records stored before the life cycle existed: last seen when received, ended ones cleared by the device.
UPDATE "alarms" SET "last_seen_at" = "received_at", "cleared_by" = CASE WHEN "ended_at" IS NOT NULL THEN 'DEVICE' END;
--> statement-breakpoint
-- The unread-alarm counts each API process keeps (account.service.ts) are dropped when alarms, read marks or
-- what decides an alarm's reach (a logger's station or company) change: one notification per statement.
CREATE TRIGGER alarms_notify AFTER INSERT OR UPDATE OR DELETE ON "alarms" FOR EACH STATEMENT
  EXECUTE FUNCTION notify_auth_change('a');
--> statement-breakpoint
CREATE TRIGGER alarm_reads_notify AFTER INSERT OR UPDATE OR DELETE ON "alarm_reads" FOR EACH STATEMENT
  EXECUTE FUNCTION notify_auth_change('a');
--> statement-breakpoint
CREATE TRIGGER gateways_reach_notify AFTER UPDATE OF "station_id", "company_id" OR DELETE ON "gateways"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change('a');
--> statement-breakpoint
-- The global default rules: a logger silent for 3 upload intervals, a device silent for 3 while its logger
-- reports (codes: contracts CLOUD_ALARM_CODES). Editable and removable through /api/alarmRule.
INSERT INTO "alarm_rules" ("kind", "level", "code", "intervals", "debounce_s")
  VALUES ('LOGGER_OFFLINE', 'IMPORTANT', 9001, 3, 0), ('DEVICE_OFFLINE', 'IMPORTANT', 9002, 3, 0);
