ALTER TABLE "contact_paths" ADD COLUMN "phone_ext" text;--> statement-breakpoint
ALTER TABLE "contact_paths" ADD COLUMN "pin" text;--> statement-breakpoint
ALTER TABLE "contact_paths" ADD COLUMN "system_requirement" text;--> statement-breakpoint
ALTER TABLE "contact_paths" ADD COLUMN "wait_time" integer;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "middle_initial" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "suffix" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "profile_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_org_external_id_idx" ON "contacts" USING btree ("org_id","external_id");