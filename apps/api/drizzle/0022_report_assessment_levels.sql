CREATE TABLE "report_assessment_levels" (
	"assessment_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"day" date NOT NULL,
	"level" double precision NOT NULL,
	"n" bigint NOT NULL,
	"correct" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_assessment_levels_assessment_id_item_id_day_level_pk" PRIMARY KEY("assessment_id","item_id","day","level")
);
--> statement-breakpoint
DROP INDEX "assessment_attempts_assessment_idx";--> statement-breakpoint
CREATE INDEX "assessment_attempts_assessment_idx" ON "assessment_attempts" USING btree ("assessment_id","submitted_at","learner_id");--> statement-breakpoint
-- The attempts already stored, by score level (the refresh keeps the levels from here on).
INSERT INTO "report_assessment_levels" ("assessment_id", "item_id", "day", "level", "n", "correct")
SELECT assessment_id, item, "day", "level", count(*), count(*) FILTER (WHERE ok) FROM (
	SELECT assessment_id, 0::int8 AS item, (submitted_at AT TIME ZONE 'UTC')::date AS "day",
		CASE WHEN max_score > 0 THEN score::float8 / max_score::float8 ELSE 0 END AS "level", false AS ok
	FROM "assessment_attempts"
	UNION ALL
	SELECT a.assessment_id, (e->>'itemId')::int8, (a.submitted_at AT TIME ZONE 'UTC')::date,
		CASE WHEN a.max_score > 0 THEN a.score::float8 / a.max_score::float8 ELSE 0 END,
		coalesce((e->>'correct')::boolean, (e->>'marks')::float8 > 0)
	FROM "assessment_attempts" a CROSS JOIN LATERAL jsonb_array_elements(a.answers) e
	WHERE e->'answer' <> 'null'::jsonb
) x
GROUP BY 1, 2, 3, 4;
