CREATE TABLE "access_keys" (
	"org_id" text NOT NULL,
	"key_hash" text NOT NULL,
	"contact_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_keys_org_id_key_hash_pk" PRIMARY KEY("org_id","key_hash")
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"org_id" text NOT NULL,
	"location_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "addresses_location_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contact_id" integer NOT NULL,
	"location_name" text NOT NULL,
	"street_address" text NOT NULL,
	"suite" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text,
	"lat" double precision,
	"lon" double precision,
	"address_geocoding_source" text,
	"location_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_org_id_location_id_pk" PRIMARY KEY("org_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "contact_paths" (
	"org_id" text NOT NULL,
	"contact_id" integer NOT NULL,
	"path_id" integer NOT NULL,
	"path_type" text NOT NULL,
	"value" text NOT NULL,
	"country_code" text,
	"no_validate" boolean DEFAULT false NOT NULL,
	"path_enable" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"quiet_time_frames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "contact_paths_org_id_contact_id_path_id_pk" PRIMARY KEY("org_id","contact_id","path_id")
);
--> statement-breakpoint
CREATE TABLE "public_profiles" (
	"org_id" text NOT NULL,
	"profile_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"country_code" text,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "public_profiles_org_id_profile_id_pk" PRIMARY KEY("org_id","profile_id")
);
--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "username" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "public_profile_id" text;--> statement-breakpoint
ALTER TABLE "access_keys" ADD CONSTRAINT "access_keys_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_paths" ADD CONSTRAINT "contact_paths_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_profiles" ADD CONSTRAINT "public_profiles_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_contact_name_idx" ON "addresses" USING btree ("org_id","contact_id",lower("location_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "public_profiles_token_idx" ON "public_profiles" USING btree ("token_hash");