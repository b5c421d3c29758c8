CREATE TABLE "alarms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway_id" integer NOT NULL,
	"device_id" integer,
	"record_id" text NOT NULL,
	"kind" text NOT NULL,
	"code" integer NOT NULL,
	"level" text NOT NULL,
	"message" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gateway_id" integer NOT NULL,
	"device_id" integer,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "device_latest" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_type" text NOT NULL,
	"model" text NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"definition_id" integer,
	"rated_power" double precision,
	"mppt_channels" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn_prefix" text NOT NULL,
	"model_id" integer NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway_id" integer NOT NULL,
	"sn" text NOT NULL,
	"device_type" text NOT NULL,
	"model_id" integer,
	"model" text NOT NULL,
	"unit_id" integer NOT NULL,
	"name" text,
	"firmware" text,
	"rated_power" double precision,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "display_groups" (
	"key" text PRIMARY KEY NOT NULL,
	"name_key" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_progress" (
	"command_id" uuid PRIMARY KEY NOT NULL,
	"stage" text NOT NULL,
	"percent" integer NOT NULL,
	"version" text,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_seq_seen" (
	"gateway_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"data_ts" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"backlog" boolean DEFAULT false NOT NULL,
	"readings" integer NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gateway_seq_seen_gateway_id_seq_pk" PRIMARY KEY("gateway_id","seq")
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" text NOT NULL,
	"mac" text,
	"model" text NOT NULL,
	"name" text,
	"station_id" integer,
	"company_id" integer,
	"secret_hash" text NOT NULL,
	"firmware" text,
	"signal" integer,
	"upload_interval_s" integer DEFAULT 300 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_hello_at" timestamp with time zone,
	"last_seq" bigint,
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bound_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ingest_dead_letters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gateway_sn" text,
	"topic" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"payload_b64" text NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocol_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"device_type" text NOT NULL,
	"sunspec_models" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"registers" jsonb NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollup_device_day" (
	"device_id" integer NOT NULL,
	"day" date NOT NULL,
	"energy_kwh" double precision DEFAULT 0 NOT NULL,
	"peak_power_w" double precision,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_device_day_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "rollup_device_hour" (
	"device_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"energy_kwh" double precision DEFAULT 0 NOT NULL,
	"peak_power_w" double precision,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_device_hour_device_id_bucket_pk" PRIMARY KEY("device_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "rollup_device_month" (
	"device_id" integer NOT NULL,
	"month" date NOT NULL,
	"energy_kwh" double precision DEFAULT 0 NOT NULL,
	"peak_power_w" double precision,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_device_month_device_id_month_pk" PRIMARY KEY("device_id","month")
);
--> statement-breakpoint
CREATE TABLE "rollup_dirty" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"from_ts" timestamp with time zone NOT NULL,
	"to_ts" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollup_station_day" (
	"station_id" integer NOT NULL,
	"day" date NOT NULL,
	"energy_kwh" double precision DEFAULT 0 NOT NULL,
	"peak_power_w" double precision,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	"yield_kwh_kwp" double precision,
	"income" double precision DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	CONSTRAINT "rollup_station_day_station_id_day_pk" PRIMARY KEY("station_id","day")
);
--> statement-breakpoint
CREATE TABLE "rollup_station_hour" (
	"station_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"energy_kwh" double precision DEFAULT 0 NOT NULL,
	"peak_power_w" double precision,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	"yield_kwh_kwp" double precision,
	"income" double precision DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	CONSTRAINT "rollup_station_hour_station_id_bucket_pk" PRIMARY KEY("station_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "rollup_station_month" (
	"station_id" integer NOT NULL,
	"month" date NOT NULL,
	"energy_kwh" double precision DEFAULT 0 NOT NULL,
	"peak_power_w" double precision,
	"charge_kwh" double precision DEFAULT 0 NOT NULL,
	"discharge_kwh" double precision DEFAULT 0 NOT NULL,
	"import_kwh" double precision DEFAULT 0 NOT NULL,
	"export_kwh" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	"yield_kwh_kwp" double precision,
	"income" double precision DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	CONSTRAINT "rollup_station_month_station_id_month_pk" PRIMARY KEY("station_id","month")
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"owner_user_id" integer,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"address" text,
	"longitude" double precision,
	"latitude" double precision,
	"installed_at" timestamp with time zone,
	"grid_type" text,
	"capacity_kwp" double precision DEFAULT 0 NOT NULL,
	"price" double precision DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"pictures" text[] DEFAULT '{}'::text[] NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry" (
	"device_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"gateway_id" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"backlog" boolean DEFAULT false NOT NULL,
	"power_w" double precision,
	"energy_total_wh" double precision,
	"energy_today_wh" double precision,
	"import_total_wh" double precision,
	"export_total_wh" double precision,
	"charge_total_wh" double precision,
	"discharge_total_wh" double precision,
	"soc_pct" double precision,
	"grid_voltage_v" double precision,
	"grid_frequency_hz" double precision,
	"temperature_c" double precision,
	"irradiance_wm2" double precision,
	"ambient_temp_c" double precision,
	"module_temp_c" double precision,
	"wind_speed_ms" double precision,
	"status_code" integer,
	"mppt_v" double precision[],
	"mppt_i" double precision[],
	"mppt_p" double precision[],
	"extra" jsonb,
	CONSTRAINT "telemetry_device_id_ts_pk" PRIMARY KEY("device_id","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
ALTER TABLE "device_latest" ADD CONSTRAINT "device_latest_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_models" ADD CONSTRAINT "device_models_definition_id_protocol_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "protocol_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_rules" ADD CONSTRAINT "device_rules_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "device_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "device_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_gateway_record_key" ON "alarms" USING btree ("gateway_id","record_id");--> statement-breakpoint
CREATE INDEX "alarms_device_idx" ON "alarms" USING btree ("device_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "commands_gateway_key" ON "commands" USING btree ("gateway_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "commands_state_idx" ON "commands" USING btree ("state","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_models_type_model_key" ON "device_models" USING btree ("device_type","model");--> statement-breakpoint
CREATE UNIQUE INDEX "device_rules_prefix_key" ON "device_rules" USING btree ("sn_prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_sn_key" ON "devices" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "devices_gateway_idx" ON "devices" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "gateway_seq_seen_data_idx" ON "gateway_seq_seen" USING btree ("gateway_id","data_ts");--> statement-breakpoint
CREATE UNIQUE INDEX "gateways_sn_key" ON "gateways" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "gateways_station_idx" ON "gateways" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "ingest_dead_letters_received_idx" ON "ingest_dead_letters" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_definitions_code_key" ON "protocol_definitions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "rollup_dirty_device_idx" ON "rollup_dirty" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "stations_company_idx" ON "stations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "stations_owner_idx" ON "stations" USING btree ("owner_user_id");
--> statement-breakpoint
-- Monthly telemetry partitions (UTC months), named telemetry_pYYYYMM. Idempotent; the jobs call it for
-- the coming months and the ingest for the month of any row it is about to write.
CREATE OR REPLACE FUNCTION telemetry_ensure_partition(month_start date) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', month_start)::date;
  part text := 'telemetry_p' || to_char(m, 'YYYYMM');
BEGIN
  IF to_regclass(quote_ident(part)) IS NULL THEN
    EXECUTE format(
      'CREATE TABLE IF NOT EXISTS %I PARTITION OF telemetry FOR VALUES FROM (%L) TO (%L)',
      part,
      (m::timestamp AT TIME ZONE 'UTC'),
      ((m + interval '1 month')::timestamp AT TIME ZONE 'UTC')
    );
  END IF;
  RETURN part;
END;
$$;
--> statement-breakpoint
SELECT telemetry_ensure_partition((date_trunc('month', now()) + (n || ' month')::interval)::date)
FROM generate_series(-1, 2) AS n;