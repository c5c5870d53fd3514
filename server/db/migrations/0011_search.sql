-- Global search (server/modules/search): trigram similarity (pg_trgm: PostgreSQL's contrib package; PGlite
-- loads it from @electric-sql/pglite/contrib/pg_trgm) for typo-tolerant names, full text over campaigns.
-- pg_trgm is a trusted extension: a database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "campaigns_name_trgm_idx" ON "campaigns" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaigns_search_idx" ON "campaigns" USING gin (to_tsvector('simple'::regconfig, "name" || ' ' || "description"));--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_display_name_trgm_idx" ON "profiles" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_company_name_trgm_idx" ON "profiles" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "websites_name_trgm_idx" ON "websites" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "websites_url_trgm_idx" ON "websites" USING gin ("url" gin_trgm_ops);