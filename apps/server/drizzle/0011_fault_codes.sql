CREATE TABLE "fault_code_seeds" (
	"definition_code" text NOT NULL,
	"code" integer NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fault_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer,
	"definition_id" integer,
	"code" integer NOT NULL,
	"level" text NOT NULL,
	"description_cn" text DEFAULT '' NOT NULL,
	"cause_cn" text DEFAULT '' NOT NULL,
	"handling_cn" text DEFAULT '' NOT NULL,
	"description_en" text NOT NULL,
	"cause_en" text DEFAULT '' NOT NULL,
	"handling_en" text DEFAULT '' NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"cause_de" text DEFAULT '' NOT NULL,
	"handling_de" text DEFAULT '' NOT NULL,
	"description_ita" text DEFAULT '' NOT NULL,
	"cause_ita" text DEFAULT '' NOT NULL,
	"handling_ita" text DEFAULT '' NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fault_codes_one_scope" CHECK ("fault_codes"."model_id" is null or "fault_codes"."definition_id" is null)
);
--> statement-breakpoint
ALTER TABLE "fault_codes" ADD CONSTRAINT "fault_codes_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "device_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fault_codes" ADD CONSTRAINT "fault_codes_definition_id_protocol_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "protocol_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fault_code_seeds_key" ON "fault_code_seeds" USING btree ("definition_code","code");--> statement-breakpoint
CREATE UNIQUE INDEX "fault_codes_model_code_key" ON "fault_codes" USING btree ("model_id","code") WHERE "fault_codes"."model_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fault_codes_definition_code_key" ON "fault_codes" USING btree ("definition_id","code") WHERE "fault_codes"."definition_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fault_codes_global_code_key" ON "fault_codes" USING btree ("code") WHERE "fault_codes"."model_id" is null and "fault_codes"."definition_id" is null;--> statement-breakpoint
CREATE INDEX "fault_codes_code_idx" ON "fault_codes" USING btree ("code");