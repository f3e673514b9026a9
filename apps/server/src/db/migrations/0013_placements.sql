CREATE TABLE "placement_hourly" (
	"placement_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "placement_hourly_placement_id_hour_pk" PRIMARY KEY("placement_id","hour")
);
--> statement-breakpoint
CREATE TABLE "placement_work" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slot_id" integer,
	"campaign_id" integer,
	"advertiser_id" integer,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "placements" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"advertiser_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slot_disapprovals" (
	"account_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_disapprovals_account_id_slot_id_pk" PRIMARY KEY("account_id","slot_id")
);
--> statement-breakpoint
ALTER TABLE "placement_hourly" ADD CONSTRAINT "placement_hourly_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_slot_id_ad_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."ad_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_advertiser_id_accounts_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_publisher_id_accounts_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_disapprovals" ADD CONSTRAINT "slot_disapprovals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_disapprovals" ADD CONSTRAINT "slot_disapprovals_slot_id_ad_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."ad_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_disapprovals" ADD CONSTRAINT "slot_disapprovals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "placements_ad_slot_unique" ON "placements" USING btree ("ad_id","slot_id");--> statement-breakpoint
CREATE INDEX "placements_publisher_idx" ON "placements" USING btree ("publisher_id","created_at") WHERE "placements"."active";--> statement-breakpoint
CREATE INDEX "placements_advertiser_rejected_idx" ON "placements" USING btree ("advertiser_id","decided_at") WHERE "placements"."status" = 'rejected';--> statement-breakpoint
CREATE INDEX "placements_slot_idx" ON "placements" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "placements_campaign_idx" ON "placements" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "slot_disapprovals_slot_idx" ON "slot_disapprovals" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "ad_slots_serving_idx" ON "ad_slots" USING btree ("format","width","height") WHERE "ad_slots"."status" in ('live', 'paused');--> statement-breakpoint
CREATE FUNCTION "placements_creative_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A creative an ad shows went to the recycle bin or came back, or its file changed (size,
  -- weight): its advertiser's placements are recomputed by the placements queue.
  INSERT INTO "placement_work" ("advertiser_id")
    SELECT DISTINCT "n"."account_id" FROM "new_rows" "n" JOIN "old_rows" "o" ON "o"."id" = "n"."id"
    WHERE ("n"."deleted_at" IS DISTINCT FROM "o"."deleted_at" OR "n"."width" <> "o"."width"
        OR "n"."height" <> "o"."height" OR "n"."bytes" <> "o"."bytes")
      AND EXISTS (SELECT 1 FROM "ads" "a" WHERE
        CASE TG_TABLE_NAME WHEN 'images' THEN "a"."image_id" ELSE "a"."video_id" END = "n"."id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "images_placements" AFTER UPDATE ON "images" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "placements_creative_changed"();--> statement-breakpoint
CREATE TRIGGER "videos_placements" AFTER UPDATE ON "videos" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "placements_creative_changed"();
