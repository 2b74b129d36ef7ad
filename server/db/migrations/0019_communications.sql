CREATE TABLE "communications" (
	"org_id" text NOT NULL,
	"comms_id" text NOT NULL,
	"title" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"text_message" text DEFAULT '' NOT NULL,
	"priority" text NOT NULL,
	"send_date" timestamp (3) with time zone NOT NULL,
	"attachment_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "communications_org_id_comms_id_pk" PRIMARY KEY("org_id","comms_id")
);
--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "communications_comms_id" ON "communications" USING btree ("comms_id");