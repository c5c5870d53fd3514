-- conversion_addresses: one index, by network, instead of three (the key, by address, by network); an address
-- without a network is its own network (schema/fraud.ts)
DROP INDEX "conversion_addresses_ip_idx";--> statement-breakpoint
DROP INDEX "conversion_addresses_net_idx";--> statement-breakpoint
ALTER TABLE "conversion_addresses" DROP CONSTRAINT "conversion_addresses_pkey";--> statement-breakpoint
UPDATE "conversion_addresses" SET "net_hash" = "ip_hash" WHERE "net_hash" IS NULL;--> statement-breakpoint
ALTER TABLE "conversion_addresses" ALTER COLUMN "net_hash" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "conversion_addresses_net_idx" ON "conversion_addresses" USING btree ("net_hash","created_at","ip_hash");
