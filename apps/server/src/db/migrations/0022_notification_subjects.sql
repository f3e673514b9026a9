ALTER TABLE "notifications" ADD COLUMN "subject" text;--> statement-breakpoint
CREATE INDEX "notifications_subject" ON "notifications" USING btree ("subject") WHERE "notifications"."subject" is not null;--> statement-breakpoint
-- The actions written before subjects: what each asks about, from its message's values.
UPDATE "notifications" SET "subject" = CASE
  WHEN "message_key" IN ('campaign.submitted', 'campaign.rejected') THEN 'campaign:' || ("params"->>'campaignId')
  WHEN "message_key" IN ('adSlot.submitted', 'adSlot.rejected') THEN 'adSlot:' || ("params"->>'adSlotId')
  WHEN "message_key" = 'image.rejected' THEN 'image:' || ("params"->>'imageId')
  WHEN "message_key" = 'placement.awaiting' AND "params"->>'adSlotId' IS NOT NULL THEN 'placements:slot:' || ("params"->>'adSlotId')
  WHEN "message_key" = 'placement.awaiting' THEN 'placements:' || (
    SELECT u."account_id" FROM "notification_targets" t JOIN "users" u ON u."id" = t."user_id"
    WHERE t."notification_id" = "notifications"."id" LIMIT 1)
END
WHERE "type" = 20 AND "message_key" IS NOT NULL;
--> statement-breakpoint
-- Actions whose ask was done before they resolved themselves leave the Action Center.
WITH "done" AS (
  UPDATE "notification_targets" t SET "is_dismissed" = true, "dismissed_at" = now()
  FROM "notifications" n
  WHERE n."id" = t."notification_id" AND t."is_dismissed" = false AND n."type" = 20 AND (
    (n."message_key" = 'campaign.submitted' AND NOT EXISTS (
      SELECT 1 FROM "campaigns" c WHERE c."id" = (n."params"->>'campaignId')::int AND c."status" = 'pending_review'))
    OR (n."message_key" = 'campaign.rejected' AND NOT EXISTS (
      SELECT 1 FROM "campaigns" c WHERE c."id" = (n."params"->>'campaignId')::int AND c."status" = 'rejected'))
    OR (n."message_key" = 'adSlot.submitted' AND NOT EXISTS (
      SELECT 1 FROM "ad_slots" s WHERE s."id" = (n."params"->>'adSlotId')::int AND s."status" = 'pending_review'))
    OR (n."message_key" = 'adSlot.rejected' AND NOT EXISTS (
      SELECT 1 FROM "ad_slots" s WHERE s."id" = (n."params"->>'adSlotId')::int AND s."status" = 'rejected'))
    OR (n."message_key" = 'image.rejected' AND NOT EXISTS (
      SELECT 1 FROM "images" i WHERE i."id" = (n."params"->>'imageId')::int AND i."review_status" = 'rejected'))
  )
  RETURNING t."user_id"
)
UPDATE "notification_inboxes" b SET "version" = b."version" + 1 WHERE b."user_id" IN (SELECT "user_id" FROM "done");
