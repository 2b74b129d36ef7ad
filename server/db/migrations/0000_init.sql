CREATE TABLE "banners" (
	"org_id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"org_id" text NOT NULL,
	"contact_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "contacts_contact_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"preferred_language" text DEFAULT 'en_US' NOT NULL,
	"time_zone" text,
	"registered" boolean DEFAULT true NOT NULL,
	"is_migrated" boolean DEFAULT false NOT NULL,
	"show_event" boolean,
	"show_on_call_schedule" boolean DEFAULT false NOT NULL,
	"show_directory_chat" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_org_id_contact_id_pk" PRIMARY KEY("org_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "feature_flags_org_id_name_pk" PRIMARY KEY("org_id","name")
);
--> statement-breakpoint
CREATE TABLE "help_and_answers" (
	"org_id" text NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "help_and_answers_org_id_type_pk" PRIMARY KEY("org_id","type")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"org_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"settings_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_logins" (
	"org_id" text NOT NULL,
	"session_hash" text NOT NULL,
	"contact_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_logins_org_id_session_hash_pk" PRIMARY KEY("org_id","session_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"session_hash" text PRIMARY KEY NOT NULL,
	"csrf_token" text NOT NULL,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_and_answers" ADD CONSTRAINT "help_and_answers_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_logins" ADD CONSTRAINT "session_logins_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_logins" ADD CONSTRAINT "session_logins_session_hash_sessions_session_hash_fk" FOREIGN KEY ("session_hash") REFERENCES "public"."sessions"("session_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_logins" ADD CONSTRAINT "session_logins_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_org_username_idx" ON "contacts" USING btree ("org_id",lower("username"));--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");