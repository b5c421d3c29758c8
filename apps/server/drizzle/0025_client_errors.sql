CREATE TABLE "client_error_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"frame" text,
	"build" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"last_route" text NOT NULL,
	"last_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "client_error_samples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"route" text NOT NULL,
	"user_id" integer,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "client_error_groups" ADD CONSTRAINT "client_error_groups_last_user_id_users_id_fk" FOREIGN KEY ("last_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_error_samples" ADD CONSTRAINT "client_error_samples_group_id_client_error_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "client_error_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_error_samples" ADD CONSTRAINT "client_error_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_error_groups_fingerprint" ON "client_error_groups" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "client_error_groups_last_seen" ON "client_error_groups" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "client_error_samples_group" ON "client_error_samples" USING btree ("group_id","id");