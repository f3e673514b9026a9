CREATE TABLE "report_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"saved_report_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"from_day" text NOT NULL,
	"to_day" text NOT NULL,
	"time_zone" text NOT NULL,
	"rows" integer NOT NULL,
	"bytes" integer NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	"csv" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_reports" ADD COLUMN "schedule_frequency" text;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD COLUMN "schedule_time_zone" text;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD COLUMN "schedule_hour" integer;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD COLUMN "next_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_saved_report_id_saved_reports_id_fk" FOREIGN KEY ("saved_report_id") REFERENCES "public"."saved_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_runs_report_idx" ON "report_runs" USING btree ("saved_report_id","created_at");--> statement-breakpoint
CREATE INDEX "report_runs_expires_idx" ON "report_runs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "saved_reports_next_run_idx" ON "saved_reports" USING btree ("next_run_at") WHERE "saved_reports"."next_run_at" is not null;