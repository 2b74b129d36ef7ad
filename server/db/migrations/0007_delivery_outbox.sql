CREATE TABLE "delivery_outbox" (
	"org_id" text NOT NULL,
	"delivery_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "delivery_outbox_delivery_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contact_id" integer,
	"path_type" text NOT NULL,
	"recipient" text,
	"recipient_masked" text NOT NULL,
	"kind" text NOT NULL,
	"adapter" text NOT NULL,
	"outcome" text NOT NULL,
	"subject" text,
	"text" text,
	"provider_id" text,
	"error_code" text,
	"detail" text,
	"requests" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_outbox_org_id_delivery_id_pk" PRIMARY KEY("org_id","delivery_id")
);
--> statement-breakpoint
ALTER TABLE "delivery_outbox" ADD CONSTRAINT "delivery_outbox_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_outbox" ADD CONSTRAINT "delivery_outbox_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_outbox_org_created_idx" ON "delivery_outbox" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_outbox_created_idx" ON "delivery_outbox" USING btree ("created_at");