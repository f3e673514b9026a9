DROP INDEX "images_folder_idx";--> statement-breakpoint
CREATE INDEX "images_live_folder_created_idx" ON "images" USING btree ("account_id","folder_id","created_at","id") WHERE "images"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "images_live_created_idx" ON "images" USING btree ("account_id","created_at","id") WHERE "images"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "images_folder_idx" ON "images" USING btree ("account_id","folder_id");