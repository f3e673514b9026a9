CREATE TABLE "asset_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"deleted_with_folder_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"review_status" text DEFAULT 'unreviewed' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"deleted_with_folder_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_folders" ADD CONSTRAINT "asset_folders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_folders" ADD CONSTRAINT "asset_folders_parent_id_asset_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."asset_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_folders" ADD CONSTRAINT "asset_folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_folders" ADD CONSTRAINT "asset_folders_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_folder_id_asset_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."asset_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_folders_sibling_name_unique" ON "asset_folders" USING btree ("account_id",coalesce("parent_id", 0),lower("name")) WHERE "asset_folders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "asset_folders_parent_idx" ON "asset_folders" USING btree ("account_id","parent_id");--> statement-breakpoint
CREATE INDEX "asset_folders_deleted_idx" ON "asset_folders" USING btree ("account_id","deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "images_account_sha256_unique" ON "images" USING btree ("account_id","sha256");--> statement-breakpoint
CREATE INDEX "images_folder_idx" ON "images" USING btree ("account_id","folder_id","created_at");--> statement-breakpoint
CREATE INDEX "images_deleted_idx" ON "images" USING btree ("account_id","deleted_at");--> statement-breakpoint
CREATE INDEX "images_sha256_idx" ON "images" USING btree ("sha256");