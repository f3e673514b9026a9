CREATE TABLE "ad_changes" (
	"ad_id" integer PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"format" text NOT NULL,
	"image_id" integer,
	"video_id" integer,
	"headline" text NOT NULL,
	"description" text NOT NULL,
	"landing_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_changes" ADD CONSTRAINT "ad_changes_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_changes" ADD CONSTRAINT "ad_changes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_changes" ADD CONSTRAINT "ad_changes_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_changes" ADD CONSTRAINT "ad_changes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_changes" ADD CONSTRAINT "ad_changes_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_changes_campaign_idx" ON "ad_changes" USING btree ("campaign_id");--> statement-breakpoint
-- Delivery holds each ad's creative and texts in memory: an approved change (copied onto the ad)
-- or a new ad's approval reloads it in every process.
CREATE TRIGGER "ads_delivery_changed" AFTER UPDATE OF "format", "image_id", "video_id", "headline", "description", "landing_url", "review_outcome" ON "ads" FOR EACH STATEMENT EXECUTE FUNCTION "delivery_changed"();
