CREATE TABLE "status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"decision_note" text,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"direct" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "status_changes" ADD CONSTRAINT "status_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_changes" ADD CONSTRAINT "status_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_changes" ADD CONSTRAINT "status_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "status_changes_pending_unique" ON "status_changes" USING btree ("entity","entity_id","kind") WHERE "status_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "status_changes_account_idx" ON "status_changes" USING btree ("account_id","requested_at");--> statement-breakpoint
CREATE INDEX "status_changes_status_idx" ON "status_changes" USING btree ("status","requested_at");--> statement-breakpoint
-- A suspended or closed account neither buys nor sells: delivery reloads what it serves when an
-- account's status changes (see 0014_delivery.sql).
CREATE TRIGGER "accounts_delivery_changed" AFTER UPDATE OF "status" ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION "delivery_changed"();
