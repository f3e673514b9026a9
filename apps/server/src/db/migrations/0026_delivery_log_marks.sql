CREATE TABLE "delivery_log_marks" (
	"log" uuid PRIMARY KEY NOT NULL,
	"segment" bigint NOT NULL,
	"line" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
