CREATE TABLE "incident_subscriptions" (
	"org_id" text NOT NULL,
	"contact_id" integer NOT NULL,
	"topic_id" text NOT NULL,
	CONSTRAINT "incident_subscriptions_org_id_contact_id_topic_id_pk" PRIMARY KEY("org_id","contact_id","topic_id")
);
--> statement-breakpoint
ALTER TABLE "incident_subscriptions" ADD CONSTRAINT "incident_subscriptions_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;