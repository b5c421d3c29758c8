CREATE TABLE "upgrade_task_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" uuid NOT NULL,
	"gateway_id" integer NOT NULL,
	"device_id" integer,
	"sn" text NOT NULL,
	"model" text NOT NULL,
	"station_id" integer,
	"wave" integer NOT NULL,
	"state" text NOT NULL,
	"from_version" text,
	"to_version" text,
	"stage" text,
	"percent" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"command_id" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"watch_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "upgrade_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"firmware_id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"device_type" text NOT NULL,
	"model" text NOT NULL,
	"version" text NOT NULL,
	"station_type" text,
	"state" text NOT NULL,
	"pause_reason" text,
	"scheduled_at" timestamp with time zone,
	"broadcast" boolean DEFAULT false NOT NULL,
	"rollback" boolean DEFAULT false NOT NULL,
	"canary_percent" integer NOT NULL,
	"wave_size" integer NOT NULL,
	"failure_threshold_percent" integer NOT NULL,
	"health_watch_minutes" integer NOT NULL,
	"retries" integer NOT NULL,
	"current_wave" integer,
	"waves" integer NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "upgrade_task_devices" ADD CONSTRAINT "upgrade_task_devices_task_id_upgrade_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "upgrade_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_task_devices" ADD CONSTRAINT "upgrade_task_devices_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_task_devices" ADD CONSTRAINT "upgrade_task_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_tasks" ADD CONSTRAINT "upgrade_tasks_firmware_id_firmware_images_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "firmware_images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_tasks" ADD CONSTRAINT "upgrade_tasks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upgrade_task_devices_task_idx" ON "upgrade_task_devices" USING btree ("task_id","wave");--> statement-breakpoint
CREATE UNIQUE INDEX "upgrade_task_devices_one_active" ON "upgrade_task_devices" USING btree ("gateway_id",coalesce("device_id", 0)) WHERE state in ('SENT', 'UPGRADING', 'WATCHING');--> statement-breakpoint
CREATE INDEX "upgrade_task_devices_command_idx" ON "upgrade_task_devices" USING btree ("command_id");--> statement-breakpoint
CREATE INDEX "upgrade_tasks_state_idx" ON "upgrade_tasks" USING btree ("state");--> statement-breakpoint
CREATE INDEX "upgrade_tasks_created_idx" ON "upgrade_tasks" USING btree ("created_at");