CREATE TABLE `stock_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`offer_id` integer NOT NULL,
	`channel` text NOT NULL,
	`contact` text NOT NULL,
	`user_id` integer,
	`locale` text DEFAULT 'ru' NOT NULL,
	`created_at` integer NOT NULL,
	`notified_at` integer,
	FOREIGN KEY (`offer_id`) REFERENCES `product_offers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_subscriptions_uq` ON `stock_subscriptions` (`offer_id`,`channel`,`contact`);--> statement-breakpoint
CREATE INDEX `stock_subscriptions_pending_idx` ON `stock_subscriptions` (`notified_at`,`offer_id`);--> statement-breakpoint
ALTER TABLE `pickup_points` ADD `title_en` text;--> statement-breakpoint
ALTER TABLE `pickup_points` ADD `address_en` text;--> statement-breakpoint
ALTER TABLE `pickup_points` ADD `workhours_en` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `description_en` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `html_en` text;--> statement-breakpoint
ALTER TABLE `site_contacts` ADD `workhours_en` text;--> statement-breakpoint
ALTER TABLE `site_contacts` ADD `address_en` text;--> statement-breakpoint
ALTER TABLE `brands` ADD `country_en` text;--> statement-breakpoint
ALTER TABLE `catalog_sections` ADD `description_en` text;--> statement-breakpoint
ALTER TABLE `products` ADD `description_en` text;--> statement-breakpoint
ALTER TABLE `products` ADD `attributes_en` text;--> statement-breakpoint
ALTER TABLE `service_sections` ADD `description_en` text;--> statement-breakpoint
ALTER TABLE `services` ADD `description_en` text;--> statement-breakpoint
ALTER TABLE `faq_groups` ADD `title_en` text;--> statement-breakpoint
ALTER TABLE `faq_items` ADD `question_en` text;--> statement-breakpoint
ALTER TABLE `faq_items` ADD `answer_en` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `title_en` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `excerpt_en` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `html_en` text;--> statement-breakpoint
ALTER TABLE `user_addresses` ADD `entrance` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `user_addresses` ADD `floor` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `user_addresses` ADD `intercom` text DEFAULT '' NOT NULL;