CREATE TABLE "report_learner_days" (
	"day" date NOT NULL,
	"learner_id" bigint NOT NULL,
	"kinds" smallint NOT NULL,
	CONSTRAINT "report_learner_days_day_learner_id_pk" PRIMARY KEY("day","learner_id")
);
--> statement-breakpoint
CREATE TABLE "report_daily" (
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"book_id" bigint DEFAULT 0 NOT NULL,
	"dim" text DEFAULT '' NOT NULL,
	"n" bigint NOT NULL,
	"total" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_metric_day_book_id_dim_pk" PRIMARY KEY("metric","day","book_id","dim")
);
--> statement-breakpoint
CREATE TABLE "report_marks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "qr_scans_scanned_idx" ON "qr_scans" USING btree ("scanned_at","id");--> statement-breakpoint
-- History from before the reports: every day with activity is marked, and the refresh job builds its aggregates.
INSERT INTO "report_marks" ("day")
SELECT DISTINCT d FROM (
	SELECT ("registered_at" AT TIME ZONE 'UTC')::date AS d FROM "learners"
	UNION SELECT ("started_at" AT TIME ZONE 'UTC')::date FROM "learner_sessions"
	UNION SELECT ("at" AT TIME ZONE 'UTC')::date FROM "learner_redemptions"
	UNION SELECT ("at" AT TIME ZONE 'UTC')::date FROM "learner_content_views"
	UNION SELECT ("at" AT TIME ZONE 'UTC')::date FROM "learner_feedback"
	UNION SELECT ("submitted_at" AT TIME ZONE 'UTC')::date FROM "assessment_attempts"
	UNION SELECT ("scanned_at" AT TIME ZONE 'UTC')::date FROM "qr_scans"
) days;
