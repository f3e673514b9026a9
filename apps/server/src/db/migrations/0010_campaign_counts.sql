CREATE TABLE "campaign_counts" (
	"account_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_counts_account_id_status_pk" PRIMARY KEY("account_id","status")
);
--> statement-breakpoint
ALTER TABLE "campaign_counts" ADD CONSTRAINT "campaign_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "campaign_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One row per (account, status) that changed, in key order: concurrent statements lock the
  -- counts in the same order, so they wait on each other instead of deadlocking.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "campaign_counts" ("account_id", "status", "n")
      SELECT "account_id", "status", count(*) FROM "new_rows" GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("account_id", "status") DO UPDATE SET "n" = "campaign_counts"."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "campaign_counts" ("account_id", "status", "n")
      SELECT "account_id", "status", -count(*) FROM "old_rows" GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("account_id", "status") DO UPDATE SET "n" = "campaign_counts"."n" + excluded."n";
  ELSE
    INSERT INTO "campaign_counts" ("account_id", "status", "n")
      SELECT "account_id", "status", sum("d") FROM (
        SELECT "account_id", "status", -1 AS "d" FROM "old_rows"
        UNION ALL SELECT "account_id", "status", 1 FROM "new_rows"
      ) AS "changes" GROUP BY 1, 2 HAVING sum("d") <> 0 ORDER BY 1, 2
      ON CONFLICT ("account_id", "status") DO UPDATE SET "n" = "campaign_counts"."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "campaigns_counted_insert" AFTER INSERT ON "campaigns" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "campaign_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_counted_delete" AFTER DELETE ON "campaigns" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "campaign_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_counted_update" AFTER UPDATE ON "campaigns" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "campaign_counts_apply"();
--> statement-breakpoint
INSERT INTO "campaign_counts" ("account_id", "status", "n") SELECT "account_id", "status", count(*) FROM "campaigns" GROUP BY 1, 2;
