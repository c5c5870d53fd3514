CREATE INDEX "media_filename_trgm_idx" ON "media" USING gin ("filename" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_body_trgm_idx" ON "messages" USING gin ("body" gin_trgm_ops);