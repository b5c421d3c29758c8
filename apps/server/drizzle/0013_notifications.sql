-- Step 5a notifications (docs/alarms.md "Notifications"): webhooks per company, the queue of alarm events
-- still to be delivered (filled by a trigger in the transaction that inserts the event), the delivery outbox,
-- the server's own secrets, and the language / enabled / next digest of event subscriptions.
CREATE TABLE "notification_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"event_id" bigint,
	"alarm_id" bigint,
	"subscription_id" integer,
	"webhook_id" integer,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claim_token" uuid,
	"claimed_until" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_queue" (
	"event_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"events" jsonb NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "station_subscriptions" ADD COLUMN "language" text DEFAULT 'EN' NOT NULL;--> statement-breakpoint
ALTER TABLE "station_subscriptions" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "station_subscriptions" ADD COLUMN "next_digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_subscription_id_station_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "station_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_queue" ADD CONSTRAINT "notification_queue_event_id_alarm_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "alarm_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_dedupe_key" ON "notification_deliveries" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("next_attempt_at") WHERE state = 'PENDING';--> statement-breakpoint
CREATE INDEX "notification_deliveries_webhook_idx" ON "notification_deliveries" USING btree ("webhook_id","id");--> statement-breakpoint
CREATE INDEX "webhooks_company_idx" ON "webhooks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "station_subscriptions_digest_idx" ON "station_subscriptions" USING btree ("next_digest_at") WHERE notify_type = 'FIXED_TIME' and enabled;--> statement-breakpoint
-- The key of unsubscribe links (two random UUIDs: 244 random bits), made here so no request ever writes it.
INSERT INTO "server_secrets" ("name", "value")
  VALUES ('unsubscribe-link', replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));--> statement-breakpoint
UPDATE "station_subscriptions" s SET "language" = u."language" FROM "users" u WHERE u."id" = s."user_id";--> statement-breakpoint
CREATE FUNCTION notification_queue_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In the transaction of the alarm change: queued exactly when the event commits. Events of maintenance
  -- windows are recorded by the engine and never told.
  IF NOT NEW.in_maintenance THEN
    INSERT INTO notification_queue (event_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER alarm_events_notification_queue AFTER INSERT ON "alarm_events"
  FOR EACH ROW EXECUTE FUNCTION notification_queue_event();