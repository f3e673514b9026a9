CREATE TABLE "click_rates" (
	"address" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "click_rates_address_campaign_id_hour_pk" PRIMARY KEY("address","campaign_id","hour")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"campaign_id" integer NOT NULL,
	"placement_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"decision_id" uuid,
	"kind" smallint NOT NULL,
	"amount_milli" bigint NOT NULL,
	"publisher_milli" numeric(20, 1) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "click_rates_hour_idx" ON "click_rates" USING btree ("hour");
--> statement-breakpoint
-- What was charged before the ledger: one opening row per placement and hour, from the rollups (kind 0).
INSERT INTO "ledger_entries" ("at", "campaign_id", "placement_id", "publisher_id", "decision_id", "kind", "amount_milli", "publisher_milli")
SELECT h."hour", p."campaign_id", p."id", p."publisher_id", NULL, 0, h."spend_milli", h."spend_milli" * 0.7
FROM "placement_hourly" h JOIN "placements" p ON p."id" = h."placement_id" WHERE h."spend_milli" > 0;
--> statement-breakpoint
-- One rounding rule for money: a spend in milli shows as minor units rounded half away from zero.
UPDATE "campaigns" SET "spent_minor" = round("spent_milli" / 1000.0) WHERE "spent_minor" <> round("spent_milli" / 1000.0);
