CREATE TABLE "documents" (
	"org_id" text NOT NULL,
	"file_id" text NOT NULL,
	"name" text NOT NULL,
	"document_type" text NOT NULL,
	"original_file_name" text DEFAULT '' NOT NULL,
	"content_type" text DEFAULT '' NOT NULL,
	"size_bytes" integer DEFAULT 0 NOT NULL,
	"data" text,
	"file_link" text,
	"public" boolean DEFAULT true NOT NULL,
	"last_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_org_id_file_id_pk" PRIMARY KEY("org_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_file_id" ON "documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "documents_by_name" ON "documents" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "documents_by_last_modified" ON "documents" USING btree ("org_id","last_modified");