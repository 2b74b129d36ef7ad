CREATE TABLE "member_passkeys" (
	"org_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"contact_id" integer NOT NULL,
	"user_handle" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}' NOT NULL,
	"name" text NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "member_passkeys_org_id_credential_id_pk" PRIMARY KEY("org_id","credential_id")
);
--> statement-breakpoint
CREATE TABLE "member_totp" (
	"org_id" text NOT NULL,
	"contact_id" integer NOT NULL,
	"secret" text NOT NULL,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "member_totp_org_id_contact_id_pk" PRIMARY KEY("org_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "pending_sign_ins" (
	"org_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"contact_id" integer,
	"challenge" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pending_sign_ins_org_id_token_hash_pk" PRIMARY KEY("org_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"org_id" text NOT NULL,
	"contact_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recovery_codes_org_id_contact_id_code_hash_pk" PRIMARY KEY("org_id","contact_id","code_hash")
);
--> statement-breakpoint
CREATE TABLE "second_factor_enrolments" (
	"org_id" text NOT NULL,
	"contact_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "second_factor_enrolments_org_id_contact_id_kind_pk" PRIMARY KEY("org_id","contact_id","kind")
);
--> statement-breakpoint
ALTER TABLE "member_passkeys" ADD CONSTRAINT "member_passkeys_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_totp" ADD CONSTRAINT "member_totp_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_sign_ins" ADD CONSTRAINT "pending_sign_ins_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factor_enrolments" ADD CONSTRAINT "second_factor_enrolments_org_id_contact_id_contacts_org_id_contact_id_fk" FOREIGN KEY ("org_id","contact_id") REFERENCES "public"."contacts"("org_id","contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_passkeys_contact_idx" ON "member_passkeys" USING btree ("org_id","contact_id");--> statement-breakpoint
CREATE INDEX "pending_sign_ins_expires_idx" ON "pending_sign_ins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "second_factor_enrolments_expires_idx" ON "second_factor_enrolments" USING btree ("expires_at");