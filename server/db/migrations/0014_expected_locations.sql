CREATE TABLE "expected_locations" (
	"org_id" text NOT NULL,
	"expected_location_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "expected_locations_expected_location_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
	"arrive_date" text NOT NULL,
	"expire_date" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expected_locations_org_id_expected_location_id_pk" PRIMARY KEY("org_id","expected_location_id")
);
--> statement-breakpoint
ALTER TABLE "expected_locations" ADD CONSTRAINT "expected_locations_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expected_locations_contact_idx" ON "expected_locations" USING btree ("org_id","contact_id","arrive_date");