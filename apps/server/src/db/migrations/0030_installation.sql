CREATE TABLE "installation" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"demo_seed_started_at" timestamp with time zone,
	"demo_seed_completed_at" timestamp with time zone,
	CONSTRAINT "installation_one_row" CHECK ("installation"."one")
);
