CREATE TABLE "admin_login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient_kind_idx" ON "mail_outbox" USING btree (lower("recipient"),"kind","created_at");--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "locked_until";