CREATE TABLE "sso_client_secrets" (
	"org_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"secret" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_client_secrets_org_id_provider_id_pk" PRIMARY KEY("org_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "sso_identities" (
	"org_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"subject" text NOT NULL,
	"contact_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_identities_org_id_provider_id_subject_pk" PRIMARY KEY("org_id","provider_id","subject")
);
--> statement-breakpoint
CREATE TABLE "sso_requests" (
	"org_id" text NOT NULL,
	"request_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"browser_hash" text NOT NULL,
	"nonce" text,
	"code_verifier" text,
	"force_authn" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"identity" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_requests_org_id_request_id_pk" PRIMARY KEY("org_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "sso_sign_ins" (
	"org_id" text NOT NULL,
	"session_hash" text NOT NULL,
	"provider_id" text NOT NULL,
	"name_id" text,
	"name_id_format" text,
	"session_index" text,
	"id_token" text,
	CONSTRAINT "sso_sign_ins_org_id_session_hash_pk" PRIMARY KEY("org_id","session_hash")
);
--> statement-breakpoint
CREATE TABLE "sso_used_assertions" (
	"org_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_used_assertions_org_id_provider_id_assertion_id_pk" PRIMARY KEY("org_id","provider_id","assertion_id")
);
--> statement-breakpoint
ALTER TABLE "sso_client_secrets" ADD CONSTRAINT "sso_client_secrets_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_requests" ADD CONSTRAINT "sso_requests_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD CONSTRAINT "sso_sign_ins_org_id_session_hash_session_logins_org_id_session_hash_fk" FOREIGN KEY ("org_id","session_hash") REFERENCES "public"."session_logins"("org_id","session_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_used_assertions" ADD CONSTRAINT "sso_used_assertions_org_id_organizations_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_contact" ON "sso_identities" USING btree ("org_id","provider_id","contact_id");--> statement-breakpoint
CREATE INDEX "sso_requests_expires_idx" ON "sso_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_used_assertions_expires_idx" ON "sso_used_assertions" USING btree ("expires_at");