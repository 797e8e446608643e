ALTER TABLE "assessments" ADD COLUMN "cutoff_percent" integer;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "grade_bands" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "show_answers" text DEFAULT 'after_submit' NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_cutoff_percent_check" CHECK ("assessments"."cutoff_percent" is null or "assessments"."cutoff_percent" between 1 and 100);