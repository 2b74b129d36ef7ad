CREATE TABLE "setting_versions" (
	"org_id" text NOT NULL,
	"version" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"saved_by" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setting_versions_org_id_version_pk" PRIMARY KEY("org_id","version")
);
--> statement-breakpoint
ALTER TABLE "setting_versions" ADD CONSTRAINT "setting_versions_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;