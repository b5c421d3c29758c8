CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"sender_user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"feedback_id" integer NOT NULL,
	"author_user_id" integer,
	"author_name" text NOT NULL,
	"staff" boolean NOT NULL,
	"text" text NOT NULL,
	"no_email" boolean DEFAULT false NOT NULL,
	"delivery_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_screenshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"feedback_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"position" integer NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_messages" ADD CONSTRAINT "feedback_messages_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_messages" ADD CONSTRAINT "feedback_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_messages" ADD CONSTRAINT "feedback_messages_delivery_id_notification_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "notification_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_screenshots" ADD CONSTRAINT "feedback_screenshots_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_screenshots" ADD CONSTRAINT "feedback_screenshots_message_id_feedback_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "feedback_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_sender_idx" ON "feedback" USING btree ("sender_user_id","updated_at");--> statement-breakpoint
CREATE INDEX "feedback_company_idx" ON "feedback" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "feedback_messages_feedback_idx" ON "feedback_messages" USING btree ("feedback_id","id");--> statement-breakpoint
CREATE INDEX "feedback_screenshots_message_idx" ON "feedback_screenshots" USING btree ("message_id");