CREATE TABLE "report_learner_years" (
	"year" smallint NOT NULL,
	"dim" smallint NOT NULL,
	"learner_id" bigint NOT NULL,
	"w0" bigint DEFAULT 0 NOT NULL,
	"w1" bigint DEFAULT 0 NOT NULL,
	"w2" bigint DEFAULT 0 NOT NULL,
	"w3" bigint DEFAULT 0 NOT NULL,
	"w4" bigint DEFAULT 0 NOT NULL,
	"w5" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_learner_years_year_dim_learner_id_pk" PRIMARY KEY("year","dim","learner_id")
);
--> statement-breakpoint
-- A book's distinct learners over a range are read from these indexes alone (index-only scans), not from the rows.
DROP INDEX "assessment_attempts_book_submitted_idx";--> statement-breakpoint
DROP INDEX "learner_content_views_book_at_idx";--> statement-breakpoint
DROP INDEX "learner_feedback_book_at_idx";--> statement-breakpoint
DROP INDEX "learner_redemptions_book_at_idx";--> statement-breakpoint
CREATE INDEX "assessment_attempts_book_submitted_idx" ON "assessment_attempts" USING btree ("book_id","submitted_at","learner_id");--> statement-breakpoint
CREATE INDEX "learner_content_views_book_at_idx" ON "learner_content_views" USING btree ("book_id","at","learner_id");--> statement-breakpoint
CREATE INDEX "learner_feedback_book_at_idx" ON "learner_feedback" USING btree ("book_id","at","learner_id");--> statement-breakpoint
CREATE INDEX "learner_redemptions_book_at_idx" ON "learner_redemptions" USING btree ("book_id","at","learner_id");
--> statement-breakpoint
-- The learner-days already aggregated, as years of day bits (the refresh keeps them from here on).
INSERT INTO "report_learner_years" ("year", "dim", "learner_id", "w0", "w1", "w2", "w3", "w4", "w5")
SELECT "year", dim, "learner_id",
	coalesce(bit_or(1::int8 << (p % 64)) FILTER (WHERE p / 64 = 0), 0),
	coalesce(bit_or(1::int8 << (p % 64)) FILTER (WHERE p / 64 = 1), 0),
	coalesce(bit_or(1::int8 << (p % 64)) FILTER (WHERE p / 64 = 2), 0),
	coalesce(bit_or(1::int8 << (p % 64)) FILTER (WHERE p / 64 = 3), 0),
	coalesce(bit_or(1::int8 << (p % 64)) FILTER (WHERE p / 64 = 4), 0),
	coalesce(bit_or(1::int8 << (p % 64)) FILTER (WHERE p / 64 = 5), 0)
FROM (
	SELECT extract(year FROM d."day")::smallint AS "year", b.dim, d."learner_id",
		d."day" - make_date(extract(year FROM d."day")::int, 1, 1) AS p
	FROM "report_learner_days" d CROSS JOIN (VALUES (0), (7), (1), (2), (4), (8)) b(dim)
	WHERE b.dim = 0 OR d."kinds" & b.dim <> 0
) x
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Scans are kept per code ('code_scans') and per book ('scans'): the book figures no longer add up every code's day.
UPDATE "report_daily" SET "metric" = 'code_scans' WHERE "metric" = 'scans';
--> statement-breakpoint
INSERT INTO "report_daily" ("metric", "day", "book_id", "dim", "n", "total")
SELECT 'scans', "day", "book_id", '', sum("n"), 0 FROM "report_daily" WHERE "metric" = 'code_scans' GROUP BY "day", "book_id";
--> statement-breakpoint
-- Scans per code and ISO week, summed from the days: the QR report reads whole weeks there.
INSERT INTO "report_daily" ("metric", "day", "book_id", "dim", "n", "total")
SELECT 'code_scans_week', date_trunc('week', "day")::date, "book_id", "dim", sum("n"), 0 FROM "report_daily" WHERE "metric" = 'code_scans' GROUP BY 2, 3, 4;
