CREATE TABLE "statistics_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"station_ids" integer[] NOT NULL,
	"granularity" text NOT NULL,
	"range_rule" text NOT NULL,
	"currency" text NOT NULL,
	"rank_by" text NOT NULL,
	"schedule" text NOT NULL,
	"recipients" text[] NOT NULL,
	"last_sent_period" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statistics_views" ADD CONSTRAINT "statistics_views_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statistics_views_owner_name_idx" ON "statistics_views" USING btree ("owner_user_id","name");--> statement-breakpoint
CREATE INDEX "statistics_views_schedule_idx" ON "statistics_views" USING btree ("schedule");