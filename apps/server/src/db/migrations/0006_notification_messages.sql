ALTER TABLE "notifications" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "translations" jsonb;--> statement-breakpoint
-- Recycle bin reminders written as English text become messages, so that they read in zh-CN too:
-- the purge time comes from the event key (the oldest item's deletion time + 30 days), the days and
-- the count from the text. Any other text row stays as it is and is shown as written.
UPDATE "notifications" SET
	"message_key" = 'recycle.purgeSoon',
	"params" = jsonb_build_object(
		'count', substring("content" from '^(\d+) items? ')::int,
		'days', substring("title" from ' in (\d+) days?$')::int,
		'purgeAt', to_char((to_timestamp(split_part("event_key", ':', 3)::bigint / 1000.0) + interval '30 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
	"title" = NULL,
	"content" = NULL
WHERE "event_key" ~ '^recycle-expiry:\d+:\d+$'
	AND "content" ~ '^\d+ items? ' AND "title" ~ ' in \d+ days?$';
