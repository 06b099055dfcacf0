CREATE TABLE `bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`service_id` integer NOT NULL,
	`salon_id` integer NOT NULL,
	`master_id` integer,
	`master_name` text DEFAULT '' NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`start_local` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`price` integer NOT NULL,
	`params` text NOT NULL,
	`status` text NOT NULL,
	`slot_key` text,
	`external_id` text,
	`user_id` integer,
	`session_id` text,
	`fullname` text NOT NULL,
	`phone` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`moved_from` integer,
	`reminded_day_at` integer,
	`reminded_hours_at` integer,
	`cancelled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`salon_id`) REFERENCES `pickup_points`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_slot_uq` ON `bookings` (`slot_key`);--> statement-breakpoint
CREATE INDEX `bookings_master_idx` ON `bookings` (`master_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `bookings_user_idx` ON `bookings` (`user_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `bookings_session_idx` ON `bookings` (`session_id`);--> statement-breakpoint
CREATE INDEX `bookings_status_start_idx` ON `bookings` (`status`,`start_at`);--> statement-breakpoint
CREATE TABLE `master_days_off` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`master_id` integer NOT NULL,
	`date` text NOT NULL,
	FOREIGN KEY (`master_id`) REFERENCES `masters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `master_days_off_uq` ON `master_days_off` (`master_id`,`date`);--> statement-breakpoint
CREATE TABLE `master_hours` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`master_id` integer NOT NULL,
	`weekday` integer NOT NULL,
	`start_minute` integer NOT NULL,
	`end_minute` integer NOT NULL,
	FOREIGN KEY (`master_id`) REFERENCES `masters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `master_hours_uq` ON `master_hours` (`master_id`,`weekday`);--> statement-breakpoint
CREATE TABLE `master_services` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`master_id` integer NOT NULL,
	`service_id` integer NOT NULL,
	FOREIGN KEY (`master_id`) REFERENCES `masters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `master_services_uq` ON `master_services` (`master_id`,`service_id`);--> statement-breakpoint
CREATE INDEX `master_services_service_idx` ON `master_services` (`service_id`);--> statement-breakpoint
CREATE TABLE `masters` (
	`id` integer PRIMARY KEY NOT NULL,
	`salon_id` integer NOT NULL,
	`name` text NOT NULL,
	`name_en` text,
	`position` text NOT NULL,
	`position_en` text,
	`photo` text,
	`active` integer DEFAULT true NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`salon_id`) REFERENCES `pickup_points`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `masters_salon_idx` ON `masters` (`salon_id`);--> statement-breakpoint
ALTER TABLE `cities` ADD `time_zone` text DEFAULT 'Europe/Moscow' NOT NULL;--> statement-breakpoint
ALTER TABLE `pickup_points` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `pickup_points` ADD `longitude` real;--> statement-breakpoint
ALTER TABLE `pickup_points` ADD `yclients_company_id` text;--> statement-breakpoint
ALTER TABLE `services` ADD `bookable_online` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `yclients_service_id` text;