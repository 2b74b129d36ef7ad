CREATE TABLE "notifications" (
	"org_id" text NOT NULL,
	"notification_id" text NOT NULL,
	"title" text NOT NULL,
	"text_message" text NOT NULL,
	"rtf_content" text DEFAULT '' NOT NULL,
	"priority" text NOT NULL,
	"send_date" timestamp (3) with time zone NOT NULL,
	"search_shapes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachment_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_org_id_notification_id_pk" PRIMARY KEY("org_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "org_pages" (
	"org_id" text NOT NULL,
	"page" text NOT NULL,
	"page_content" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_pages_org_id_page_pk" PRIMARY KEY("org_id","page")
);
--> statement-breakpoint
CREATE TABLE "publishing_keys" (
	"org_id" text NOT NULL,
	"key_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "publishing_keys_org_id_key_id_pk" PRIMARY KEY("org_id","key_id")
);
--> statement-breakpoint
CREATE TABLE "weather_alerts" (
	"org_id" text NOT NULL,
	"weather_alert_id" text NOT NULL,
	"title" text NOT NULL,
	"issuance_time" timestamp (3) with time zone NOT NULL,
	"end_time" timestamp (3) with time zone,
	"original_feed" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_alerts_org_id_weather_alert_id_pk" PRIMARY KEY("org_id","weather_alert_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_pages" ADD CONSTRAINT "org_pages_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_keys" ADD CONSTRAINT "publishing_keys_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_alerts" ADD CONSTRAINT "weather_alerts_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_by_send_date" ON "notifications" USING btree ("org_id","send_date","notification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publishing_keys_key_id" ON "publishing_keys" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "weather_alerts_by_issuance_time" ON "weather_alerts" USING btree ("org_id","issuance_time","weather_alert_id");