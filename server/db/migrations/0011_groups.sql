CREATE TABLE "group_members" (
	"org_id" text NOT NULL,
	"contact_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "group_members_org_id_contact_id_group_id_pk" PRIMARY KEY("org_id","contact_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"org_id" text NOT NULL,
	"group_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "groups_group_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "groups_org_id_group_id_pk" PRIMARY KEY("org_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_org_id_group_id_groups_org_id_group_id_fk" FOREIGN KEY ("org_id","group_id") REFERENCES "public"."groups"("org_id","group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "groups_org_name_idx" ON "groups" USING btree ("org_id","name");