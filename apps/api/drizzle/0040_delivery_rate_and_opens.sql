ALTER TABLE "deliveries" ADD COLUMN "rate_per_minute" integer;--> statement-breakpoint
ALTER TABLE "learner_inbox" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "rate_per_minute" integer;--> statement-breakpoint
CREATE INDEX "learner_inbox_opened_idx" ON "learner_inbox" USING btree ("notification_id") WHERE "learner_inbox"."opened_at" is not null;