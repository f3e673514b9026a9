CREATE TABLE "ad_slot_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"platform" text NOT NULL,
	"property_name" text NOT NULL,
	"property_id" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"position" text NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"floor_cpm_minor" integer NOT NULL,
	"placement_policy" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"review_reason" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"tag_key" text NOT NULL,
	"tag_seen_at" timestamp with time zone,
	"tag_seen_host" text,
	"tag_seen_width" integer,
	"tag_seen_height" integer,
	"tag_seen_format" text,
	"checks" jsonb,
	"checked_at" timestamp with time zone,
	"live_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_slot_reviews" ADD CONSTRAINT "ad_slot_reviews_slot_id_ad_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."ad_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_slot_reviews" ADD CONSTRAINT "ad_slot_reviews_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_slots" ADD CONSTRAINT "ad_slots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_slots" ADD CONSTRAINT "ad_slots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_slot_reviews_slot_idx" ON "ad_slot_reviews" USING btree ("slot_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_slots_code_unique" ON "ad_slots" USING btree ("account_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_slots_tag_key_unique" ON "ad_slots" USING btree ("tag_key");--> statement-breakpoint
CREATE INDEX "ad_slots_account_updated_idx" ON "ad_slots" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "ad_slots_account_status_idx" ON "ad_slots" USING btree ("account_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "ad_slots_queue_idx" ON "ad_slots" USING btree ("submitted_at") WHERE "ad_slots"."status" = 'pending_review';--> statement-breakpoint
CREATE INDEX "ad_slots_updated_idx" ON "ad_slots" USING btree ("updated_at");