ALTER TABLE "gateways" ADD COLUMN "buffer_dropped" bigint;--> statement-breakpoint
ALTER TABLE "gateways" ADD COLUMN "buffer_dropped_at" timestamp with time zone;