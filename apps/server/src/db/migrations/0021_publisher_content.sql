CREATE TABLE "content_policy_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"label_zh" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_request_items" (
	"request_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"video_name" text NOT NULL,
	"action" text NOT NULL,
	"decision" text DEFAULT 'pending' NOT NULL,
	"reason_id" integer,
	"reason_label" text,
	"reason_label_zh" text,
	"note" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "content_request_items_request_id_video_id_pk" PRIMARY KEY("request_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "content_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"series_id" integer NOT NULL,
	"series_name" text NOT NULL,
	"account_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"submitted_by" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_series" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "published_series_id" integer;--> statement-breakpoint
ALTER TABLE "content_request_items" ADD CONSTRAINT "content_request_items_request_id_content_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."content_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_request_items" ADD CONSTRAINT "content_request_items_reason_id_content_policy_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."content_policy_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_request_items" ADD CONSTRAINT "content_request_items_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_requests" ADD CONSTRAINT "content_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_requests" ADD CONSTRAINT "content_requests_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_requests" ADD CONSTRAINT "content_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_policy_reasons_label_unique" ON "content_policy_reasons" USING btree (lower("label"));--> statement-breakpoint
CREATE INDEX "content_request_items_video_idx" ON "content_request_items" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_requests_pending_unique" ON "content_requests" USING btree ("series_id") WHERE "content_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "content_requests_account_idx" ON "content_requests" USING btree ("account_id","submitted_at");--> statement-breakpoint
CREATE INDEX "content_requests_status_idx" ON "content_requests" USING btree ("status","submitted_at");--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_published_series_id_video_series_id_fk" FOREIGN KEY ("published_series_id") REFERENCES "public"."video_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The policy reasons every installation starts with (staff keep the list: content review's reasons).
INSERT INTO "content_policy_reasons" ("label", "label_zh") VALUES
	('Copyright or rights not cleared', '版权或授权未获许可'),
	('Violence or graphic content', '暴力或血腥内容'),
	('Adult content', '成人内容'),
	('Misleading or spam', '误导或垃圾内容'),
	('Poor quality (audio/video)', '音视频质量差'),
	('Hate or harassment', '仇恨或骚扰内容');
