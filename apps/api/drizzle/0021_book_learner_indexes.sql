-- A book's distinct learners over a range are read from these indexes alone (index-only scans), not from the rows.
DROP INDEX "assessment_attempts_book_submitted_idx";--> statement-breakpoint
DROP INDEX "learner_content_views_book_at_idx";--> statement-breakpoint
DROP INDEX "learner_feedback_book_at_idx";--> statement-breakpoint
DROP INDEX "learner_redemptions_book_at_idx";--> statement-breakpoint
CREATE INDEX "assessment_attempts_book_submitted_idx" ON "assessment_attempts" USING btree ("book_id","submitted_at","learner_id");--> statement-breakpoint
CREATE INDEX "learner_content_views_book_at_idx" ON "learner_content_views" USING btree ("book_id","at","learner_id");--> statement-breakpoint
CREATE INDEX "learner_feedback_book_at_idx" ON "learner_feedback" USING btree ("book_id","at","learner_id");--> statement-breakpoint
CREATE INDEX "learner_redemptions_book_at_idx" ON "learner_redemptions" USING btree ("book_id","at","learner_id");