CREATE TABLE "captcha_uses" (
	"org_id" text NOT NULL,
	"solution_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "captcha_uses_org_id_solution_hash_pk" PRIMARY KEY("org_id","solution_hash")
);
--> statement-breakpoint
CREATE TABLE "test_notifications" (
	"org_id" text NOT NULL,
	"contact_id" integer NOT NULL,
	"path_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	"error_code" text,
	CONSTRAINT "test_notifications_org_id_contact_id_path_id_pk" PRIMARY KEY("org_id","contact_id","path_id")
);
--> statement-breakpoint
ALTER TABLE "captcha_uses" ADD CONSTRAINT "captcha_uses_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_notifications" ADD CONSTRAINT "test_notifications_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_notifications" ADD CONSTRAINT "test_notifications_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captcha_uses_expires_idx" ON "captcha_uses" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "test_notifications_sent_idx" ON "test_notifications" USING btree ("sent_at");