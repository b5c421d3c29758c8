-- Step 5a: the transitions of alarms (raised, repeated, acknowledged, cleared, escalated, snooze ended), written
-- with the change itself; notifications and the live stream read them (schema-devices.ts alarmEvents).
CREATE TABLE "alarm_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alarm_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"in_maintenance" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_events_alarm_idx" ON "alarm_events" USING btree ("alarm_id","id");