CREATE TABLE "campaign_pacing" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"day_reserved_milli" bigint DEFAULT 0 NOT NULL,
	"held_milli" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_events" (
	"id" bigserial NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"decision_id" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"slot_id" integer NOT NULL,
	"placement_id" integer,
	"campaign_id" integer,
	"region" text NOT NULL,
	"device" text NOT NULL,
	"valid" boolean NOT NULL,
	"cost_milli" bigint NOT NULL,
	CONSTRAINT "delivery_events_decision_id_kind_decided_at_pk" PRIMARY KEY("decision_id","kind","decided_at")
) PARTITION BY RANGE ("decided_at");
--> statement-breakpoint
CREATE TABLE "slot_hourly" (
	"slot_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"region" text NOT NULL,
	"device" text NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"filled" bigint DEFAULT 0 NOT NULL,
	"invalid_requests" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "slot_hourly_slot_id_hour_region_device_pk" PRIMARY KEY("slot_id","hour","region","device")
);
--> statement-breakpoint
ALTER TABLE "placement_hourly" DROP CONSTRAINT "placement_hourly_placement_id_hour_pk";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "spent_milli" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "placement_hourly" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "placement_hourly" ADD COLUMN "device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "placement_hourly" ADD COLUMN "invalid_impressions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "placement_hourly" ADD COLUMN "invalid_clicks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "placement_hourly" ADD COLUMN "spend_milli" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "placement_hourly" ADD CONSTRAINT "placement_hourly_placement_id_hour_region_device_pk" PRIMARY KEY("placement_id","hour","region","device");--> statement-breakpoint
ALTER TABLE "campaign_pacing" ADD CONSTRAINT "campaign_pacing_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_hourly" ADD CONSTRAINT "slot_hourly_slot_id_ad_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."ad_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_hourly_hour_idx" ON "slot_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "placement_hourly_hour_idx" ON "placement_hourly" USING btree ("hour");--> statement-breakpoint
-- Delivery holds what it serves in memory: a change to what is eligible tells every server process
-- (LISTEN delivery_changed) to reload it. Statement triggers, and only on the columns that decide
-- eligibility: the rollups' updates of a campaign's figures do not fire them.
CREATE FUNCTION "delivery_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('delivery_changed', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "placements_delivery_changed" AFTER INSERT OR UPDATE OR DELETE ON "placements" FOR EACH STATEMENT EXECUTE FUNCTION "delivery_changed"();--> statement-breakpoint
CREATE TRIGGER "campaigns_delivery_changed" AFTER UPDATE OF "status", "start_at", "end_at", "dayparting", "bid_strategy", "max_bid_minor", "daily_budget_minor", "total_budget_minor", "frequency_cap_impressions", "frequency_cap_period" OR DELETE ON "campaigns" FOR EACH STATEMENT EXECUTE FUNCTION "delivery_changed"();--> statement-breakpoint
CREATE TRIGGER "ad_slots_delivery_changed" AFTER INSERT OR UPDATE OF "status", "floor_cpm_minor", "format", "width", "height" OR DELETE ON "ad_slots" FOR EACH STATEMENT EXECUTE FUNCTION "delivery_changed"();--> statement-breakpoint
CREATE TRIGGER "slot_disapprovals_delivery_changed" AFTER INSERT OR DELETE ON "slot_disapprovals" FOR EACH STATEMENT EXECUTE FUNCTION "delivery_changed"();
--> statement-breakpoint
UPDATE "campaigns" SET "spent_milli" = "spent_minor" * 1000;
