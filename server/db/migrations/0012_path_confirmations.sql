CREATE TABLE "path_confirmations" (
	"org_id" text NOT NULL,
	"contact_id" integer NOT NULL,
	"path_id" integer NOT NULL,
	"target_key" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "path_confirmations_org_id_contact_id_path_id_pk" PRIMARY KEY("org_id","contact_id","path_id")
);
--> statement-breakpoint
ALTER TABLE "contact_paths" ADD COLUMN "confirmed_key" text;--> statement-breakpoint
ALTER TABLE "path_confirmations" ADD CONSTRAINT "path_confirmations_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "path_confirmations_sent_idx" ON "path_confirmations" USING btree ("sent_at");--> statement-breakpoint
-- Paths stored before confirmation existed came from the organisation or from members before codes were sent: they stay confirmed.
UPDATE "contact_paths" SET "confirmed_key" = coalesce("country_code", '') || ' ' || "value" WHERE "value" <> '' AND "path_type" IN ('EMAIL', 'PLAINTEXTEMAIL', 'SMS', 'PHONE');
