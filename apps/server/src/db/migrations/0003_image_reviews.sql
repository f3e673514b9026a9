CREATE TABLE "image_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"reviewer_id" integer,
	"campaign_id" integer,
	"campaign_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "image_reviews" ADD CONSTRAINT "image_reviews_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_reviews" ADD CONSTRAINT "image_reviews_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_reviews" ADD CONSTRAINT "image_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_reviews_image_idx" ON "image_reviews" USING btree ("image_id","created_at");--> statement-breakpoint
CREATE INDEX "image_reviews_open_rejections_idx" ON "image_reviews" USING btree ("account_id","created_at") WHERE "image_reviews"."decision" = 'rejected' and "image_reviews"."resolved_at" is null;