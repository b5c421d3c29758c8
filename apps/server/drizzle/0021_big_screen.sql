CREATE TABLE "big_screen_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"showcase" boolean DEFAULT false NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "big_screen_settings_single_row" CHECK ("big_screen_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "big_screen_settings" ADD CONSTRAINT "big_screen_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;