CREATE TABLE "image_replacements" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"previous_name" text NOT NULL,
	"previous_width" integer NOT NULL,
	"previous_height" integer NOT NULL,
	"previous_bytes" integer NOT NULL,
	"previous_uploaded_at" timestamp with time zone NOT NULL,
	"replaced_by" integer,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_replacements" ADD CONSTRAINT "image_replacements_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_replacements" ADD CONSTRAINT "image_replacements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_replacements" ADD CONSTRAINT "image_replacements_replaced_by_users_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_replacements_image_idx" ON "image_replacements" USING btree ("image_id","replaced_at");--> statement-breakpoint
-- Image names were not unique before: every live image sharing a name in its folder (case-insensitive)
-- with an older one gets " (<its id>)" before the extension, which no other name in that folder can be.
WITH "dup" AS (
	SELECT "id", "name", coalesce(substring("name" from '.(\.[^.]*)$'), '') AS "ext",
		row_number() OVER (PARTITION BY "account_id", coalesce("folder_id", 0), lower("name") ORDER BY "id") AS "n"
	FROM "images" WHERE "deleted_at" IS NULL
)
UPDATE "images" AS "i"
SET "name" = left(left("d"."name", length("d"."name") - length("d"."ext")), 255 - length("d"."ext") - length(' (' || "d"."id" || ')'))
		|| ' (' || "d"."id" || ')' || "d"."ext",
	"version" = "i"."version" + 1
FROM "dup" AS "d" WHERE "d"."id" = "i"."id" AND "d"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "images_folder_name_unique" ON "images" USING btree ("account_id",coalesce("folder_id", 0),lower("name")) WHERE "images"."deleted_at" is null;