CREATE TABLE "ad_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"devices" text[] DEFAULT '{}'::text[] NOT NULL,
	"slot_mode" text DEFAULT 'all' NOT NULL,
	"slot_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"bid_override_minor" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"ad_group_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"format" text,
	"image_id" integer,
	"video_id" integer,
	"headline" text,
	"description" text,
	"landing_url" text,
	"review_outcome" text,
	"review_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"reason" text,
	"ad_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"objective" text,
	"daily_budget_minor" bigint,
	"total_budget_minor" bigint,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"dayparting" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bid_strategy" text,
	"max_bid_minor" integer,
	"frequency_cap_impressions" smallint,
	"frequency_cap_period" text,
	"review_outcome" text,
	"review_reason" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"spent_minor" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"budget_alert_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_groups" ADD CONSTRAINT "ad_groups_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_ad_group_id_ad_groups_id_fk" FOREIGN KEY ("ad_group_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reviews" ADD CONSTRAINT "campaign_reviews_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reviews" ADD CONSTRAINT "campaign_reviews_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_groups_campaign_idx" ON "ad_groups" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE INDEX "ads_campaign_idx" ON "ads" USING btree ("campaign_id","ad_group_id","position");--> statement-breakpoint
CREATE INDEX "ads_group_idx" ON "ads" USING btree ("ad_group_id");--> statement-breakpoint
CREATE INDEX "ads_image_idx" ON "ads" USING btree ("image_id") WHERE "ads"."image_id" is not null;--> statement-breakpoint
CREATE INDEX "ads_video_idx" ON "ads" USING btree ("video_id") WHERE "ads"."video_id" is not null;--> statement-breakpoint
CREATE INDEX "campaign_reviews_campaign_idx" ON "campaign_reviews" USING btree ("campaign_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_name_unique" ON "campaigns" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "campaigns_account_status_idx" ON "campaigns" USING btree ("account_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "campaigns_account_updated_idx" ON "campaigns" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "campaigns_queue_idx" ON "campaigns" USING btree ("submitted_at") WHERE "campaigns"."status" = 'pending_review';--> statement-breakpoint
CREATE INDEX "campaigns_status_updated_idx" ON "campaigns" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "campaigns_updated_idx" ON "campaigns" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "campaigns_start_idx" ON "campaigns" USING btree ("start_at") WHERE "campaigns"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "campaigns_end_idx" ON "campaigns" USING btree ("end_at") WHERE "campaigns"."status" in ('scheduled', 'active', 'paused');