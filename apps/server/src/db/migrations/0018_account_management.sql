ALTER TABLE "accounts" ADD COLUMN "code" text;--> statement-breakpoint
-- Existing accounts get a code from their id, and their first user's email as the contact ('' when none).
UPDATE "accounts" SET "code" = 'ACC_' || "id";--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "contact_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "accounts" a SET "contact_email" = coalesce((SELECT u."email" FROM "users" u WHERE u."account_id" = a."id" ORDER BY u."id" LIMIT 1), '');--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "registration_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_code_unique" ON "accounts" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "accounts_kind_name_idx" ON "accounts" USING btree ("kind","name");
