CREATE TABLE "firmware_downloads" (
	"token_hash" "bytea" PRIMARY KEY NOT NULL,
	"firmware_id" uuid NOT NULL,
	"command_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"last_download_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_type" text NOT NULL,
	"model" text NOT NULL,
	"version" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"signature" text NOT NULL,
	"signed_by" text NOT NULL,
	"key_fingerprint" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"compatible_models" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_version" text,
	"bytes" "bytea" NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firmware_downloads" ADD CONSTRAINT "firmware_downloads_firmware_id_firmware_images_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "firmware_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_images" ADD CONSTRAINT "firmware_images_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firmware_downloads_command_idx" ON "firmware_downloads" USING btree ("command_id");--> statement-breakpoint
CREATE INDEX "firmware_downloads_expires_idx" ON "firmware_downloads" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_images_version_key" ON "firmware_images" USING btree ("device_type","model","version");--> statement-breakpoint
CREATE INDEX "firmware_images_created_idx" ON "firmware_images" USING btree ("created_at");