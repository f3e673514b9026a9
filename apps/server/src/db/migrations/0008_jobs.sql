CREATE TABLE "jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"interval_ms" bigint NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"running_by" text,
	"lease_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_result" text,
	"last_message" text,
	"last_run_by" text
);
