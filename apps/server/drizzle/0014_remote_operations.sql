CREATE TABLE "forwarding_settings" (
	"gateway_id" integer PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"command_id" uuid,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_tests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"spec" jsonb NOT NULL,
	"device_count" integer NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_settings" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"mode" integer NOT NULL,
	"periods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"command_id" uuid,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commands" ADD COLUMN "open_key" text;--> statement-breakpoint
ALTER TABLE "commands" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "commands" ADD COLUMN "retry_of" uuid;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "local_control" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ac_couple_settings" ADD COLUMN "command_id" uuid;--> statement-breakpoint
ALTER TABLE "forwarding_settings" ADD CONSTRAINT "forwarding_settings_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forwarding_settings" ADD CONSTRAINT "forwarding_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_tests" ADD CONSTRAINT "register_tests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_settings" ADD CONSTRAINT "storage_settings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_settings" ADD CONSTRAINT "storage_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commands_open_key" ON "commands" USING btree ("gateway_id","open_key") WHERE open_key is not null and state in ('PENDING', 'SENT', 'ACKNOWLEDGED');--> statement-breakpoint
CREATE INDEX "commands_created_idx" ON "commands" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "commands_batch_idx" ON "commands" USING btree ("batch_id") WHERE batch_id is not null;--> statement-breakpoint
-- Every write of a command row (enqueued, sent, acknowledged, ended, expired) is announced as `k:<id>` on the
-- change feed, in the writer's transaction: an API process waiting for a device's answer, and the command
-- centre's live page, learn of it whichever process received the answer (docs/remote.md).
CREATE TRIGGER commands_notify AFTER INSERT OR UPDATE ON "commands" FOR EACH ROW
  EXECUTE FUNCTION notify_auth_change('k', 'id');
