DROP INDEX "books_grade_subject_idx";--> statement-breakpoint
DROP INDEX "books_subject_idx";--> statement-breakpoint
DROP INDEX "books_status_title_idx";--> statement-breakpoint
CREATE INDEX "books_grade_status_title_idx" ON "books" USING btree ("grade_id","status","title","id");--> statement-breakpoint
CREATE INDEX "books_subject_status_title_idx" ON "books" USING btree ("subject_id","status","title","id");--> statement-breakpoint
CREATE INDEX "books_status_title_idx" ON "books" USING btree ("status","title","id");