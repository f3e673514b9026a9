CREATE TABLE "conversion_tags" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"tag_id" text NOT NULL,
	"secret" text NOT NULL,
	"click_window_days" smallint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversion_tags_tag_id_unique" UNIQUE("tag_id")
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value_minor" bigint NOT NULL,
	"decision_id" uuid NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"clicked_at" timestamp with time zone,
	"campaign_id" integer,
	"placement_id" integer
);
--> statement-breakpoint
ALTER TABLE "conversion_tags" ADD CONSTRAINT "conversion_tags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_account_order_unique" ON "conversions" USING btree ("account_id","order_id");
--> statement-breakpoint
CREATE INDEX "conversions_account_at_idx" ON "conversions" USING btree ("account_id","at");
--> statement-breakpoint
CREATE INDEX "conversions_account_click_idx" ON "conversions" USING btree ("account_id","decision_id");
--> statement-breakpoint
CREATE INDEX "conversions_pending_idx" ON "conversions" USING btree ("at") WHERE "conversions"."status" = 'pending';
--> statement-breakpoint
ALTER TABLE "placement_hourly" ADD COLUMN "conversions" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "placement_hourly" ADD COLUMN "conversion_value_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "campaign_hourly" ADD COLUMN "conversions" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "campaign_hourly" ADD COLUMN "conversion_value_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "slot_served_hourly" ADD COLUMN "conversions" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "slot_served_hourly" ADD COLUMN "conversion_value_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "advertiser_hourly" ADD COLUMN "conversions" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "advertiser_hourly" ADD COLUMN "conversion_value_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "publisher_served_hourly" ADD COLUMN "conversions" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "publisher_served_hourly" ADD COLUMN "conversion_value_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The coarse rollups follow the fine ones (migration 0016), conversions now among what they sum.
CREATE OR REPLACE FUNCTION "placement_hourly_to_reports"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP WHEN 'INSERT' THEN 'new_rows'
    ELSE '(SELECT placement_id, hour, impressions, clicks, spend_milli, conversions, conversion_value_minor FROM new_rows UNION ALL SELECT placement_id, hour, -impressions, -clicks, -spend_milli, -conversions, -conversion_value_minor FROM old_rows)' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO campaign_hourly AS t (campaign_id, advertiser_id, hour, impressions, clicks, spend_milli, conversions, conversion_value_minor)
    SELECT p.campaign_id, p.advertiser_id, d.hour, sum(d.impressions), sum(d.clicks), sum(d.spend_milli), sum(d.conversions), sum(d.conversion_value_minor)
    FROM %s d JOIN placements p ON p.id = d.placement_id
    GROUP BY p.campaign_id, p.advertiser_id, d.hour ORDER BY p.campaign_id, p.advertiser_id, d.hour
    ON CONFLICT (campaign_id, hour) DO UPDATE SET impressions = t.impressions + excluded.impressions, clicks = t.clicks + excluded.clicks, spend_milli = t.spend_milli + excluded.spend_milli, conversions = t.conversions + excluded.conversions, conversion_value_minor = t.conversion_value_minor + excluded.conversion_value_minor$q$, src);
  EXECUTE format($q$
    INSERT INTO slot_served_hourly AS t (slot_id, publisher_id, hour, impressions, clicks, spend_milli, conversions, conversion_value_minor)
    SELECT p.slot_id, p.publisher_id, d.hour, sum(d.impressions), sum(d.clicks), sum(d.spend_milli), sum(d.conversions), sum(d.conversion_value_minor)
    FROM %s d JOIN placements p ON p.id = d.placement_id
    GROUP BY p.slot_id, p.publisher_id, d.hour ORDER BY p.slot_id, p.publisher_id, d.hour
    ON CONFLICT (slot_id, hour) DO UPDATE SET impressions = t.impressions + excluded.impressions, clicks = t.clicks + excluded.clicks, spend_milli = t.spend_milli + excluded.spend_milli, conversions = t.conversions + excluded.conversions, conversion_value_minor = t.conversion_value_minor + excluded.conversion_value_minor$q$, src);
  EXECUTE format($q$
    INSERT INTO advertiser_hourly AS t (advertiser_id, hour, impressions, clicks, spend_milli, conversions, conversion_value_minor)
    SELECT p.advertiser_id, d.hour, sum(d.impressions), sum(d.clicks), sum(d.spend_milli), sum(d.conversions), sum(d.conversion_value_minor)
    FROM %s d JOIN placements p ON p.id = d.placement_id
    GROUP BY p.advertiser_id, d.hour ORDER BY p.advertiser_id, d.hour
    ON CONFLICT (advertiser_id, hour) DO UPDATE SET impressions = t.impressions + excluded.impressions, clicks = t.clicks + excluded.clicks, spend_milli = t.spend_milli + excluded.spend_milli, conversions = t.conversions + excluded.conversions, conversion_value_minor = t.conversion_value_minor + excluded.conversion_value_minor$q$, src);
  EXECUTE format($q$
    INSERT INTO publisher_served_hourly AS t (publisher_id, hour, impressions, clicks, spend_milli, conversions, conversion_value_minor)
    SELECT p.publisher_id, d.hour, sum(d.impressions), sum(d.clicks), sum(d.spend_milli), sum(d.conversions), sum(d.conversion_value_minor)
    FROM %s d JOIN placements p ON p.id = d.placement_id
    GROUP BY p.publisher_id, d.hour ORDER BY p.publisher_id, d.hour
    ON CONFLICT (publisher_id, hour) DO UPDATE SET impressions = t.impressions + excluded.impressions, clicks = t.clicks + excluded.clicks, spend_milli = t.spend_milli + excluded.spend_milli, conversions = t.conversions + excluded.conversions, conversion_value_minor = t.conversion_value_minor + excluded.conversion_value_minor$q$, src);
  RETURN NULL;
END $$;
