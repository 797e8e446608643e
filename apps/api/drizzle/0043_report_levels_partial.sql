ALTER TABLE "report_assessment_levels" ADD COLUMN "partial" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_assessment_levels" ADD COLUMN "marks" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The levels already stored, counted again with partial answers and marks (and
-- "correct" without the app's word now meaning the item's full marks).
DELETE FROM "report_assessment_levels";--> statement-breakpoint
INSERT INTO "report_assessment_levels" ("assessment_id", "item_id", "day", "level", "n", "correct", "partial", "marks")
SELECT assessment_id, item, "day", "level", count(*), count(*) FILTER (WHERE ok),
	count(*) FILTER (WHERE NOT ok AND earned > 0), coalesce(sum(earned), 0) FROM (
	SELECT assessment_id, 0::int8 AS item, (submitted_at AT TIME ZONE 'UTC')::date AS "day",
		CASE WHEN max_score > 0 THEN score::float8 / max_score::float8 ELSE 0 END AS "level",
		false AS ok, 0::float8 AS earned
	FROM "assessment_attempts"
	UNION ALL
	SELECT a.assessment_id, (e->>'itemId')::int8, (a.submitted_at AT TIME ZONE 'UTC')::date,
		CASE WHEN a.max_score > 0 THEN a.score::float8 / a.max_score::float8 ELSE 0 END,
		coalesce((e->>'correct')::boolean, v.earned > 0 AND v.earned >= coalesce(ai.marks, 0)), v.earned
	FROM "assessment_attempts" a CROSS JOIN LATERAL jsonb_array_elements(a.answers) e
		CROSS JOIN LATERAL (SELECT (e->>'marks')::float8 AS earned) v
		LEFT JOIN "assessment_items" ai ON ai.id = (e->>'itemId')::int8
	WHERE e->'answer' <> 'null'::jsonb
) x
GROUP BY 1, 2, 3, 4;
