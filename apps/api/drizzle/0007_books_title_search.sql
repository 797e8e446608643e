DROP INDEX "books_title_idx";--> statement-breakpoint
DROP INDEX "books_status_title_idx";--> statement-breakpoint
DROP INDEX "books_grade_status_title_idx";--> statement-breakpoint
DROP INDEX "books_subject_status_title_idx";--> statement-breakpoint
DROP INDEX "books_title_trgm_idx";--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "title_search" text GENERATED ALWAYS AS (lower(title)) STORED;--> statement-breakpoint
CREATE INDEX "books_title_idx" ON "books" USING btree ("title","id","title_search");--> statement-breakpoint
CREATE INDEX "books_status_title_idx" ON "books" USING btree ("status","title","id","title_search");--> statement-breakpoint
CREATE INDEX "books_grade_status_title_idx" ON "books" USING btree ("grade_id","status","title","id","title_search");--> statement-breakpoint
CREATE INDEX "books_subject_status_title_idx" ON "books" USING btree ("subject_id","status","title","id","title_search");--> statement-breakpoint
CREATE INDEX "books_title_trgm_idx" ON "books" USING gin ("title_search" gin_trgm_ops);