ALTER TABLE "conversion_tags" ADD COLUMN "view_window_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "via" text DEFAULT 'click' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD COLUMN "viewer" text;--> statement-breakpoint
CREATE INDEX "delivery_events_viewer_idx" ON "delivery_events" USING btree ("viewer","at") WHERE "delivery_events"."kind" = 2 and "delivery_events"."viewer" is not null;