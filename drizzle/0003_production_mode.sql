CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` text NOT NULL,
	`order_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`idempotence_key` text NOT NULL,
	`external_id` text,
	`status` text NOT NULL,
	`error` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_idempotence_key_unique` ON `refunds` (`idempotence_key`);--> statement-breakpoint
CREATE INDEX `refunds_order_idx` ON `refunds` (`order_id`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`code` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_email_idx` ON `mail_outbox` (`email`,`created_at`);--> statement-breakpoint
ALTER TABLE `oauth_states` ADD `link_user_id` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `users` ADD `phone_verified_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `hold_until` integer;--> statement-breakpoint
CREATE INDEX `orders_phone_idx` ON `orders` (`phone`,`status`);--> statement-breakpoint
CREATE INDEX `orders_hold_idx` ON `orders` (`status`,`hold_until`);--> statement-breakpoint
ALTER TABLE `payments` ADD `external_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `idempotence_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_external_uq` ON `payments` (`provider`,`external_id`);--> statement-breakpoint
ALTER TABLE `promo_codes` ADD `first_order_only` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `promo_codes` ADD `per_customer_limit` integer;