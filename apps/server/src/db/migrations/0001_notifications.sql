CREATE TABLE "notification_inboxes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"next_due_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_targets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"deliver_at" timestamp with time zone NOT NULL,
	"type" smallint NOT NULL,
	"has_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"is_dismissed" boolean DEFAULT false NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"title" text,
	"content" text,
	"menu_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"to_sent_at" timestamp with time zone,
	"created_by" integer,
	"event_key" text,
	CONSTRAINT "notifications_event_key_unique" UNIQUE("event_key")
);
--> statement-breakpoint
ALTER TABLE "notification_inboxes" ADD CONSTRAINT "notification_inboxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_targets" ADD CONSTRAINT "notification_targets_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_targets" ADD CONSTRAINT "notification_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_targets_once" ON "notification_targets" USING btree ("notification_id","user_id");--> statement-breakpoint
CREATE INDEX "notification_targets_inbox" ON "notification_targets" USING btree ("user_id","deliver_at" DESC NULLS LAST,"id" DESC NULLS LAST,"type","has_read") WHERE "notification_targets"."is_dismissed" = false;