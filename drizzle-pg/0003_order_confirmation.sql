ALTER TABLE "orders" ADD COLUMN "confirmation" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_requested_at" bigint;--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_key","confirmation");