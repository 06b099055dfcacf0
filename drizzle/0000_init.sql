CREATE TABLE `cities` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_en` text NOT NULL,
	`region` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`is_default` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `pickup_points` (
	`id` integer PRIMARY KEY NOT NULL,
	`city_id` integer NOT NULL,
	`title` text NOT NULL,
	`address` text NOT NULL,
	`workhours` text NOT NULL,
	FOREIGN KEY (`city_id`) REFERENCES `cities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pickup_points_city_idx` ON `pickup_points` (`city_id`);--> statement-breakpoint
CREATE TABLE `nav_items` (
	`id` integer PRIMARY KEY NOT NULL,
	`menu` text NOT NULL,
	`parent_id` integer,
	`label` text NOT NULL,
	`label_en` text NOT NULL,
	`link` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `nav_items_menu_idx` ON `nav_items` (`menu`,`parent_id`,`sort`);--> statement-breakpoint
CREATE TABLE `pages` (
	`slug` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`title_en` text NOT NULL,
	`description` text NOT NULL,
	`html` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `redirects` (
	`from_path` text PRIMARY KEY NOT NULL,
	`to_path` text NOT NULL,
	`status` integer DEFAULT 302 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `site_contacts` (
	`id` integer PRIMARY KEY NOT NULL,
	`city_id` integer,
	`common` integer DEFAULT false NOT NULL,
	`phones` text NOT NULL,
	`emails` text NOT NULL,
	`workhours` text NOT NULL,
	`address` text NOT NULL,
	`social` text NOT NULL,
	FOREIGN KEY (`city_id`) REFERENCES `cities`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `site_contacts_city_idx` ON `site_contacts` (`city_id`);--> statement-breakpoint
CREATE TABLE `site_options` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `brands` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`name_ru` text NOT NULL,
	`country` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `brands_slug_unique` ON `brands` (`slug`);--> statement-breakpoint
CREATE TABLE `catalog_sections` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`title_en` text NOT NULL,
	`description` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `catalog_sections_slug_unique` ON `catalog_sections` (`slug`);--> statement-breakpoint
CREATE TABLE `product_offers` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`sku` text NOT NULL,
	`volume` integer NOT NULL,
	`price` integer NOT NULL,
	`old_price` integer,
	`stock` integer DEFAULT 0 NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_offers_sku_unique` ON `product_offers` (`sku`);--> statement-breakpoint
CREATE INDEX `product_offers_product_idx` ON `product_offers` (`product_id`);--> statement-breakpoint
CREATE INDEX `product_offers_volume_idx` ON `product_offers` (`volume`);--> statement-breakpoint
CREATE TABLE `product_properties` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`label_en` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_properties_kind_code_uq` ON `product_properties` (`kind`,`code`);--> statement-breakpoint
CREATE TABLE `product_property_links` (
	`product_id` integer NOT NULL,
	`property_id` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `product_properties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_property_links_pk` ON `product_property_links` (`product_id`,`property_id`);--> statement-breakpoint
CREATE INDEX `product_property_links_prop_idx` ON `product_property_links` (`property_id`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`section_id` integer NOT NULL,
	`brand_id` integer NOT NULL,
	`name` text NOT NULL,
	`name_en` text NOT NULL,
	`description` text NOT NULL,
	`image` text NOT NULL,
	`gallery` text NOT NULL,
	`popularity` integer DEFAULT 0 NOT NULL,
	`min_price` integer DEFAULT 0 NOT NULL,
	`total_stock` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `catalog_sections`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_slug_unique` ON `products` (`slug`);--> statement-breakpoint
CREATE INDEX `products_section_idx` ON `products` (`section_id`,`popularity`);--> statement-breakpoint
CREATE INDEX `products_brand_idx` ON `products` (`brand_id`);--> statement-breakpoint
CREATE INDEX `products_price_idx` ON `products` (`min_price`);--> statement-breakpoint
CREATE INDEX `products_created_idx` ON `products` (`created_at`);--> statement-breakpoint
CREATE TABLE `service_sections` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`title_en` text NOT NULL,
	`description` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `service_sections_slug_unique` ON `service_sections` (`slug`);--> statement-breakpoint
CREATE TABLE `services` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`section_id` integer NOT NULL,
	`title` text NOT NULL,
	`title_en` text NOT NULL,
	`description` text NOT NULL,
	`base_price` integer NOT NULL,
	`duration_min` integer NOT NULL,
	`params` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `service_sections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `services_slug_unique` ON `services` (`slug`);--> statement-breakpoint
CREATE INDEX `services_section_idx` ON `services` (`section_id`);--> statement-breakpoint
CREATE TABLE `faq_groups` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `faq_groups_slug_unique` ON `faq_groups` (`slug`);--> statement-breakpoint
CREATE TABLE `faq_items` (
	`id` integer PRIMARY KEY NOT NULL,
	`group_id` integer NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`group_id`) REFERENCES `faq_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `faq_items_group_idx` ON `faq_items` (`group_id`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text NOT NULL,
	`html` text NOT NULL,
	`image` text NOT NULL,
	`tags` text NOT NULL,
	`published_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `posts_slug_unique` ON `posts` (`slug`);--> statement-breakpoint
CREATE INDEX `posts_published_idx` ON `posts` (`published_at`);--> statement-breakpoint
CREATE TABLE `auth_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`login` text NOT NULL,
	`purpose` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE INDEX `auth_codes_login_idx` ON `auth_codes` (`login`,`purpose`,`created_at`);--> statement-breakpoint
CREATE TABLE `oauth_states` (
	`state` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`code_verifier` text NOT NULL,
	`session_id` text NOT NULL,
	`return_to` text DEFAULT '/personal/' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`city_id` integer,
	`city_confirmed` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`city_id`) REFERENCES `cities`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `user_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`full` text NOT NULL,
	`postal` text DEFAULT '' NOT NULL,
	`country` text DEFAULT 'Россия' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`street` text DEFAULT '' NOT NULL,
	`house` text DEFAULT '' NOT NULL,
	`flat` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_addresses_user_idx` ON `user_addresses` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_identities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`provider` text NOT NULL,
	`subject` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_identities_uq` ON `user_identities` (`provider`,`subject`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text DEFAULT 'individual' NOT NULL,
	`subtype` text,
	`fullname` text DEFAULT '' NOT NULL,
	`tax_id` text DEFAULT '' NOT NULL,
	`organization` text DEFAULT '' NOT NULL,
	`contact_person` text DEFAULT '' NOT NULL,
	`phone` text,
	`email` text,
	`password_hash` text,
	`bic` text DEFAULT '' NOT NULL,
	`bank_name` text DEFAULT '' NOT NULL,
	`correspondent_account` text DEFAULT '' NOT NULL,
	`current_account` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone_uq` ON `users` (`phone`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `cancel_reasons` (
	`id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`title_en` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `cart_lines` (
	`cart_id` integer NOT NULL,
	`offer_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`cart_id`, `offer_id`),
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`offer_id`) REFERENCES `product_offers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `carts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text,
	`user_id` integer,
	`promocode` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `carts_session_uq` ON `carts` (`session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `carts_user_uq` ON `carts` (`user_id`);--> statement-breakpoint
CREATE TABLE `delivery_methods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`title` text NOT NULL,
	`title_en` text NOT NULL,
	`description` text NOT NULL,
	`description_en` text NOT NULL,
	`price` integer NOT NULL,
	`free_from` integer,
	`needs_address` integer NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `delivery_methods_code_unique` ON `delivery_methods` (`code`);--> statement-breakpoint
CREATE TABLE `favorites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text,
	`user_id` integer,
	`product_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `favorites_session_uq` ON `favorites` (`session_id`,`product_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `favorites_user_uq` ON `favorites` (`user_id`,`product_id`);--> statement-breakpoint
CREATE TABLE `order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`offer_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`name` text NOT NULL,
	`volume` integer NOT NULL,
	`link` text NOT NULL,
	`image` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`price` integer NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_lines_order_idx` ON `order_lines` (`order_id`);--> statement-breakpoint
CREATE TABLE `order_status_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`status` text NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_status_history_order_idx` ON `order_status_history` (`order_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`user_id` integer,
	`session_id` text,
	`status` text NOT NULL,
	`kind` text NOT NULL,
	`delivery_code` text NOT NULL,
	`payment_code` text NOT NULL,
	`fullname` text NOT NULL,
	`phone` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`address` text,
	`customer` text,
	`comment` text DEFAULT '' NOT NULL,
	`promocode` text,
	`items_total` integer NOT NULL,
	`discount` integer NOT NULL,
	`delivery_price` integer NOT NULL,
	`total` integer NOT NULL,
	`cancel_reason_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cancel_reason_id`) REFERENCES `cancel_reasons`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number_unique` ON `orders` (`number`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_session_idx` ON `orders` (`session_id`);--> statement-breakpoint
CREATE TABLE `payment_methods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`title` text NOT NULL,
	`title_en` text NOT NULL,
	`online` integer NOT NULL,
	`legal_only` integer DEFAULT false NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_methods_code_unique` ON `payment_methods` (`code`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`provider` text NOT NULL,
	`amount` integer NOT NULL,
	`status` text NOT NULL,
	`confirmation_url` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payments_order_idx` ON `payments` (`order_id`);--> statement-breakpoint
CREATE TABLE `promo_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`min_sum` integer DEFAULT 0 NOT NULL,
	`valid_from` integer,
	`valid_to` integer,
	`usage_limit` integer,
	`used_count` integer DEFAULT 0 NOT NULL,
	`description` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_codes_code_unique` ON `promo_codes` (`code`);--> statement-breakpoint
CREATE TABLE `callback_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone` text NOT NULL,
	`page` text DEFAULT '' NOT NULL,
	`session_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `form_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`form_code` text NOT NULL,
	`data` text NOT NULL,
	`page` text DEFAULT '' NOT NULL,
	`session_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`form_code`) REFERENCES `forms`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `form_submissions_form_idx` ON `form_submissions` (`form_code`,`created_at`);--> statement-breakpoint
CREATE TABLE `forms` (
	`code` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`title_en` text NOT NULL,
	`subject` text NOT NULL,
	`fields` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `outbound_queue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`url` text NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`locked_until` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`delivered_at` integer
);
--> statement-breakpoint
CREATE INDEX `outbound_queue_due_idx` ON `outbound_queue` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `sms_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone` text NOT NULL,
	`text` text NOT NULL,
	`code` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sms_outbox_phone_idx` ON `sms_outbox` (`phone`,`created_at`);--> statement-breakpoint
CREATE TABLE `banks` (
	`bic` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_lower` text NOT NULL,
	`correspondent_account` text NOT NULL,
	`city` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `banks_name_idx` ON `banks` (`name_lower`);--> statement-breakpoint
CREATE TABLE `suggest_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`city_id` integer NOT NULL,
	`street` text NOT NULL,
	`street_lower` text NOT NULL,
	`house` text NOT NULL,
	`postal` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`city_id`) REFERENCES `cities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `suggest_addresses_idx` ON `suggest_addresses` (`city_id`,`street_lower`);--> statement-breakpoint
CREATE TABLE `suggest_names` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`name_lower` text NOT NULL,
	`gender` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `suggest_names_lower_idx` ON `suggest_names` (`name_lower`);