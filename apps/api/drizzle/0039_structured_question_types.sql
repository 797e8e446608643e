ALTER TABLE "questions" ADD COLUMN "matching" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "ordering" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "cloze" jsonb;