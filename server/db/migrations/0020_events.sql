CREATE TABLE "event_notifications" (
	"org_id" text NOT NULL,
	"event_id" text NOT NULL,
	"notification_id" text NOT NULL,
	"title" text NOT NULL,
	"type" integer NOT NULL,
	"text_message" text NOT NULL,
	"rtf_content" text DEFAULT '' NOT NULL,
	"send_date" timestamp (3) with time zone NOT NULL,
	"expire_hours" integer,
	"attachment_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"cap_event" text DEFAULT '' NOT NULL,
	"urgency" text DEFAULT '' NOT NULL,
	"severity" text DEFAULT '' NOT NULL,
	"certainty" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"web_page_status" text DEFAULT 'Active' NOT NULL,
	CONSTRAINT "event_notifications_org_id_notification_id_pk" PRIMARY KEY("org_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "event_signups" (
	"org_id" text NOT NULL,
	"event_id" text NOT NULL,
	"signup_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "event_signups_signup_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"full_name" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_signups_org_id_event_id_signup_id_pk" PRIMARY KEY("org_id","event_id","signup_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"org_id" text NOT NULL,
	"event_id" text NOT NULL,
	"group_name" text NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"short_code" text DEFAULT '' NOT NULL,
	"require_name" boolean DEFAULT false NOT NULL,
	"require_mobile" boolean DEFAULT false NOT NULL,
	"require_email" boolean DEFAULT false NOT NULL,
	"start_date" timestamp (3) with time zone,
	"end_date" timestamp (3) with time zone,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"social_sharing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_org_id_event_id_pk" PRIMARY KEY("org_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "event_notifications" ADD CONSTRAINT "event_notifications_org_id_event_id_events_org_id_event_id_fk" FOREIGN KEY ("org_id","event_id") REFERENCES "public"."events"("org_id","event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_signups" ADD CONSTRAINT "event_signups_org_id_event_id_events_org_id_event_id_fk" FOREIGN KEY ("org_id","event_id") REFERENCES "public"."events"("org_id","event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_notifications_by_send_date" ON "event_notifications" USING btree ("org_id","event_id","send_date");--> statement-breakpoint
CREATE UNIQUE INDEX "event_signups_contact" ON "event_signups" USING btree ("org_id","event_id","mobile","email");