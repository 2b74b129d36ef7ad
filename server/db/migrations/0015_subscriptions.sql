CREATE TABLE "member_subscriptions" (
	"org_id" text NOT NULL,
	"contact_id" integer NOT NULL,
	"service_ids" integer[] DEFAULT '{}' NOT NULL,
	"weather_categories" text[] DEFAULT '{}' NOT NULL,
	"no_disturb" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_subscriptions_org_id_contact_id_pk" PRIMARY KEY("org_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "parent_group_id" integer;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD CONSTRAINT "member_subscriptions_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;