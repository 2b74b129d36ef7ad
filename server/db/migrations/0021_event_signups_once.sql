DROP INDEX "event_signups_contact";--> statement-breakpoint
CREATE UNIQUE INDEX "event_signups_mobile" ON "event_signups" USING btree ("org_id","event_id","mobile") WHERE "event_signups"."mobile" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "event_signups_email" ON "event_signups" USING btree ("org_id","event_id","email") WHERE "event_signups"."email" <> '';