CREATE TABLE "contact_custom_values" (
	"org_id" text NOT NULL,
	"contact_id" integer NOT NULL,
	"attr_id" integer NOT NULL,
	"values" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_custom_values_org_id_contact_id_attr_id_pk" PRIMARY KEY("org_id","contact_id","attr_id")
);
--> statement-breakpoint
ALTER TABLE "contact_custom_values" ADD CONSTRAINT "contact_custom_values_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;