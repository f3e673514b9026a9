CREATE TABLE "advertiser_hourly" (
	"advertiser_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_milli" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "advertiser_hourly_advertiser_id_hour_pk" PRIMARY KEY("advertiser_id","hour")
);
--> statement-breakpoint
CREATE TABLE "campaign_hourly" (
	"campaign_id" integer NOT NULL,
	"advertiser_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_milli" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_hourly_campaign_id_hour_pk" PRIMARY KEY("campaign_id","hour")
);
--> statement-breakpoint
CREATE TABLE "publisher_requests_hourly" (
	"publisher_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"filled" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "publisher_requests_hourly_publisher_id_hour_pk" PRIMARY KEY("publisher_id","hour")
);
--> statement-breakpoint
CREATE TABLE "publisher_served_hourly" (
	"publisher_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_milli" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "publisher_served_hourly_publisher_id_hour_pk" PRIMARY KEY("publisher_id","hour")
);
--> statement-breakpoint
CREATE TABLE "slot_requests_hourly" (
	"slot_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"filled" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "slot_requests_hourly_slot_id_hour_pk" PRIMARY KEY("slot_id","hour")
);
--> statement-breakpoint
CREATE TABLE "slot_served_hourly" (
	"slot_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_milli" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "slot_served_hourly_slot_id_hour_pk" PRIMARY KEY("slot_id","hour")
);
--> statement-breakpoint
ALTER TABLE "advertiser_hourly" ADD CONSTRAINT "advertiser_hourly_advertiser_id_accounts_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_hourly" ADD CONSTRAINT "campaign_hourly_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_requests_hourly" ADD CONSTRAINT "publisher_requests_hourly_publisher_id_accounts_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_served_hourly" ADD CONSTRAINT "publisher_served_hourly_publisher_id_accounts_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_requests_hourly" ADD CONSTRAINT "slot_requests_hourly_slot_id_ad_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."ad_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_served_hourly" ADD CONSTRAINT "slot_served_hourly_slot_id_ad_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."ad_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertiser_hourly_hour_idx" ON "advertiser_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "campaign_hourly_advertiser_hour_idx" ON "campaign_hourly" USING btree ("advertiser_id","hour");--> statement-breakpoint
CREATE INDEX "campaign_hourly_hour_idx" ON "campaign_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "publisher_requests_hourly_hour_idx" ON "publisher_requests_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "publisher_served_hourly_hour_idx" ON "publisher_served_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "slot_requests_hourly_publisher_hour_idx" ON "slot_requests_hourly" USING btree ("publisher_id","hour");--> statement-breakpoint
CREATE INDEX "slot_requests_hourly_hour_idx" ON "slot_requests_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "slot_served_hourly_publisher_hour_idx" ON "slot_served_hourly" USING btree ("publisher_id","hour");--> statement-breakpoint
CREATE INDEX "slot_served_hourly_hour_idx" ON "slot_served_hourly" USING btree ("hour");--> statement-breakpoint
-- The coarse rollups follow the fine ones: each statement's inserted rows, or its updated rows'
-- change (new minus old), summed into them in key order (concurrent writers lock rows in one order).
CREATE FUNCTION "placement_hourly_to_reports"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP WHEN 'INSERT' THEN 'new_rows'
    ELSE '(SELECT placement_id, hour, impressions, clicks, spend_milli FROM new_rows UNION ALL SELECT placement_id, hour, -impressions, -clicks, -spend_milli FROM old_rows)' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO campaign_hourly AS t (campaign_id, advertiser_id, hour, impressions, clicks, spend_milli)
    SELECT p.campaign_id, p.advertiser_id, d.hour, sum(d.impressions), sum(d.clicks), sum(d.spend_milli)
    FROM %s d JOIN placements p ON p.id = d.placement_id
    GROUP BY p.campaign_id, p.advertiser_id, d.hour ORDER BY p.campaign_id, p.advertiser_id, d.hour
    ON CONFLICT (campaign_id, hour) DO UPDATE SET impressions = t.impressions + excluded.impressions, clicks = t.clicks + excluded.clicks, spend_milli = t.spend_milli + excluded.spend_milli$q$, src);
  EXECUTE format($q$
    INSERT INTO slot_served_hourly AS t (slot_id, publisher_id, hour, impressions, clicks, spend_milli)
    SELECT p.slot_id, p.publisher_id, d.hour, sum(d.impressions), sum(d.clicks), sum(d.spend_milli)
    FROM %s d JOIN placements p ON p.id = d.placement_id
    GROUP BY p.slot_id, p.publisher_id, d.hour ORDER BY p.slot_id, p.publisher_id, d.hour
    ON CONFLICT (slot_id, hour) DO UPDATE SET impressions = t.impressions + excluded.impressions, clicks = t.clicks + excluded.clicks, spend_milli = t.spend_milli + excluded.spend_milli$q$, src);
  EXECUTE format($q$
    INSERT INTO advertiser_hourly AS t (advertiser_id, hour, impressions, clicks, spend_milli)
    SELECT p.advertiser_id, d.hour, sum(d.impressions), sum(d.clicks), sum(d.spend_milli)
    FROM %s d JOIN placements p ON p.id = d.placement_id
    GROUP BY p.advertiser_id, d.hour ORDER BY p.advertiser_id, d.hour
    ON CONFLICT (advertiser_id, hour) DO UPDATE SET impressions = t.impressions + excluded.impressions, clicks = t.clicks + excluded.clicks, spend_milli = t.spend_milli + excluded.spend_milli$q$, src);
  EXECUTE format($q$
    INSERT INTO publisher_served_hourly AS t (publisher_id, hour, impressions, clicks, spend_milli)
    SELECT p.publisher_id, d.hour, sum(d.impressions), sum(d.clicks), sum(d.spend_milli)
    FROM %s d JOIN placements p ON p.id = d.placement_id
    GROUP BY p.publisher_id, d.hour ORDER BY p.publisher_id, d.hour
    ON CONFLICT (publisher_id, hour) DO UPDATE SET impressions = t.impressions + excluded.impressions, clicks = t.clicks + excluded.clicks, spend_milli = t.spend_milli + excluded.spend_milli$q$, src);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "slot_hourly_to_reports"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP WHEN 'INSERT' THEN 'new_rows'
    ELSE '(SELECT slot_id, hour, requests, filled FROM new_rows UNION ALL SELECT slot_id, hour, -requests, -filled FROM old_rows)' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO slot_requests_hourly AS t (slot_id, publisher_id, hour, requests, filled)
    SELECT s.id, s.account_id, d.hour, sum(d.requests), sum(d.filled)
    FROM %s d JOIN ad_slots s ON s.id = d.slot_id
    GROUP BY s.id, s.account_id, d.hour ORDER BY s.id, s.account_id, d.hour
    ON CONFLICT (slot_id, hour) DO UPDATE SET requests = t.requests + excluded.requests, filled = t.filled + excluded.filled$q$, src);
  EXECUTE format($q$
    INSERT INTO publisher_requests_hourly AS t (publisher_id, hour, requests, filled)
    SELECT s.account_id, d.hour, sum(d.requests), sum(d.filled)
    FROM %s d JOIN ad_slots s ON s.id = d.slot_id
    GROUP BY s.account_id, d.hour ORDER BY s.account_id, d.hour
    ON CONFLICT (publisher_id, hour) DO UPDATE SET requests = t.requests + excluded.requests, filled = t.filled + excluded.filled$q$, src);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What the fine rollups already hold.
INSERT INTO "campaign_hourly" ("campaign_id", "advertiser_id", "hour", "impressions", "clicks", "spend_milli")
SELECT p."campaign_id", p."advertiser_id", h."hour", sum(h."impressions"), sum(h."clicks"), sum(h."spend_milli")
FROM "placement_hourly" h JOIN "placements" p ON p."id" = h."placement_id" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "slot_served_hourly" ("slot_id", "publisher_id", "hour", "impressions", "clicks", "spend_milli")
SELECT p."slot_id", p."publisher_id", h."hour", sum(h."impressions"), sum(h."clicks"), sum(h."spend_milli")
FROM "placement_hourly" h JOIN "placements" p ON p."id" = h."placement_id" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "advertiser_hourly" ("advertiser_id", "hour", "impressions", "clicks", "spend_milli")
SELECT "advertiser_id", "hour", sum("impressions"), sum("clicks"), sum("spend_milli") FROM "campaign_hourly" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "publisher_served_hourly" ("publisher_id", "hour", "impressions", "clicks", "spend_milli")
SELECT "publisher_id", "hour", sum("impressions"), sum("clicks"), sum("spend_milli") FROM "slot_served_hourly" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "slot_requests_hourly" ("slot_id", "publisher_id", "hour", "requests", "filled")
SELECT h."slot_id", s."account_id", h."hour", sum(h."requests"), sum(h."filled")
FROM "slot_hourly" h JOIN "ad_slots" s ON s."id" = h."slot_id" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "publisher_requests_hourly" ("publisher_id", "hour", "requests", "filled")
SELECT "publisher_id", "hour", sum("requests"), sum("filled") FROM "slot_requests_hourly" GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER "placement_hourly_inserted" AFTER INSERT ON "placement_hourly" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "placement_hourly_to_reports"();--> statement-breakpoint
CREATE TRIGGER "placement_hourly_updated" AFTER UPDATE ON "placement_hourly" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "placement_hourly_to_reports"();--> statement-breakpoint
CREATE TRIGGER "slot_hourly_inserted" AFTER INSERT ON "slot_hourly" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "slot_hourly_to_reports"();--> statement-breakpoint
CREATE TRIGGER "slot_hourly_updated" AFTER UPDATE ON "slot_hourly" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "slot_hourly_to_reports"();
