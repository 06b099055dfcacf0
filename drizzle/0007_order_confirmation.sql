ALTER TABLE `orders` ADD `confirmation` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `client_key` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancel_requested_at` integer;--> statement-breakpoint
CREATE INDEX `orders_client_idx` ON `orders` (`client_key`,`confirmation`);