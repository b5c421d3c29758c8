CREATE TABLE "iv_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"strings" jsonb,
	"device_count" integer NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pv_strings" (
	"device_id" integer NOT NULL,
	"mppt" integer NOT NULL,
	"string" integer NOT NULL,
	"module" jsonb NOT NULL,
	"modules_in_series" integer NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pv_strings_device_id_mppt_string_pk" PRIMARY KEY("device_id","mppt","string")
);
--> statement-breakpoint
ALTER TABLE "iv_tasks" ADD CONSTRAINT "iv_tasks_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iv_tasks" ADD CONSTRAINT "iv_tasks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_strings" ADD CONSTRAINT "pv_strings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_strings" ADD CONSTRAINT "pv_strings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iv_tasks_station_created_idx" ON "iv_tasks" USING btree ("station_id","created_at");