CREATE TABLE "recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"mode" text NOT NULL,
	"source" text NOT NULL,
	"trigger" text NOT NULL,
	"trigger_level" integer,
	"fault_code" integer,
	"command_id" uuid,
	"record_id" text,
	"sampling_period_ms" integer NOT NULL,
	"trigger_address" integer NOT NULL,
	"delay_ms" integer NOT NULL,
	"zoom" double precision NOT NULL,
	"samples" integer NOT NULL,
	"channel_config" jsonb NOT NULL,
	"channels" jsonb,
	"trigger_value" double precision,
	"started_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_command_id_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recordings_device_created_idx" ON "recordings" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_device_record_key" ON "recordings" USING btree ("device_id","record_id");