-- Live campaigns' settings change at once (issue 29). A day's spend is held to the daily budget in
-- force at each charge: the days a daily budget changed keep its opening and highest value.
CREATE TABLE "campaign_budget_days" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"opening_milli" bigint NOT NULL,
	"highest_milli" bigint NOT NULL,
	CONSTRAINT "campaign_budget_days_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
ALTER TABLE "campaign_budget_days" ADD CONSTRAINT "campaign_budget_days_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- An ad group's targeting and bid are read by delivery: a live change reloads every process.
CREATE TRIGGER "ad_groups_delivery_changed" AFTER UPDATE OF "regions", "devices", "bid_override_minor" ON "ad_groups" FOR EACH STATEMENT EXECUTE FUNCTION "delivery_changed"();
