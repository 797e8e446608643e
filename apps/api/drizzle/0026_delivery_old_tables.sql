-- The mailers' own ledger and sending columns moved to the delivery engine's
-- tables (migration 0025).
DROP TRIGGER "learners_mailer_recipients_delete" ON "learners";--> statement-breakpoint
DROP TRIGGER "mailers_mailer_recipients_delete" ON "mailers";--> statement-breakpoint
DROP FUNCTION "mailer_recipients_of_learners_delete"();--> statement-breakpoint
DROP FUNCTION "mailer_recipients_of_mailers_delete"();--> statement-breakpoint
DROP TABLE "mailer_recipients" CASCADE;--> statement-breakpoint
DROP FUNCTION "mailer_recipients_check"();--> statement-breakpoint
ALTER TABLE "mailers" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "mailers" DROP COLUMN "failure_reason";--> statement-breakpoint
ALTER TABLE "mailers" DROP COLUMN "lease_owner";--> statement-breakpoint
ALTER TABLE "mailers" DROP COLUMN "lease_until";--> statement-breakpoint
ALTER TABLE "mailers" DROP COLUMN "finished_at";