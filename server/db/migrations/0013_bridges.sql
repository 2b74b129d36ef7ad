ALTER TABLE "contacts" ADD COLUMN "has_hipaa_bridge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "has_secure_bridge" boolean DEFAULT false NOT NULL;