CREATE TABLE "iv_auto_scan" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "iv_tasks" ADD COLUMN "trigger" text DEFAULT 'MANUAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "iv_tasks" ADD COLUMN "alarm_id" bigint;--> statement-breakpoint
ALTER TABLE "iv_auto_scan" ADD CONSTRAINT "iv_auto_scan_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iv_auto_scan" ADD CONSTRAINT "iv_auto_scan_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iv_tasks" ADD CONSTRAINT "iv_tasks_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "alarms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iv_tasks_alarm_idx" ON "iv_tasks" USING btree ("alarm_id");