CREATE TABLE "question_tag_counts" (
	"tag" text PRIMARY KEY NOT NULL,
	"uses" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "questions_updated_idx";--> statement-breakpoint
CREATE INDEX "questions_grade_idx" ON "questions" USING btree ("grade_id","updated_at","id","status","difficulty","type","language","marks");--> statement-breakpoint
CREATE INDEX "questions_subject_idx" ON "questions" USING btree ("subject_id","updated_at","id","status","difficulty","type","language","marks");--> statement-breakpoint
CREATE INDEX "questions_chapter_idx" ON "questions" USING btree ("chapter_id","updated_at","id","status","difficulty","type","language","marks");--> statement-breakpoint
CREATE INDEX "questions_topic_idx" ON "questions" USING btree ("topic_id","updated_at","id","status","difficulty","type","language","marks");--> statement-breakpoint
CREATE INDEX "questions_created_by_idx" ON "questions" USING btree ("created_by","updated_at","id","status","difficulty","type","language","marks");--> statement-breakpoint
CREATE INDEX "questions_created_idx" ON "questions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "questions_marks_idx" ON "questions" USING btree ("marks","id");--> statement-breakpoint
CREATE INDEX "questions_difficulty_idx" ON "questions" USING btree ("difficulty","id");--> statement-breakpoint
CREATE INDEX "questions_type_idx" ON "questions" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "questions_updated_idx" ON "questions" USING btree ("updated_at","id","status","difficulty","type","language");--> statement-breakpoint
-- question_tag_counts follows every insert, update and delete of questions:
-- one aggregate per statement (transition tables), so a 50,000-row import
-- costs one upsert of its tags, taken in tag order (two writers lock the
-- same rows in the same order).
CREATE FUNCTION "question_tag_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO question_tag_counts AS c (tag, uses)
      SELECT tag, count(*)::int FROM new_rows, unnest(new_rows.tags) AS tag GROUP BY tag ORDER BY tag
      ON CONFLICT (tag) DO UPDATE SET uses = c.uses + excluded.uses;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO question_tag_counts AS c (tag, uses)
      SELECT tag, -count(*)::int FROM old_rows, unnest(old_rows.tags) AS tag GROUP BY tag ORDER BY tag
      ON CONFLICT (tag) DO UPDATE SET uses = c.uses + excluded.uses;
  ELSE
    INSERT INTO question_tag_counts AS c (tag, uses)
      SELECT tag, sum(n)::int FROM (
        SELECT tag, 1 AS n FROM new_rows, unnest(new_rows.tags) AS tag
        UNION ALL
        SELECT tag, -1 FROM old_rows, unnest(old_rows.tags) AS tag
      ) d GROUP BY tag HAVING sum(n) <> 0 ORDER BY tag
      ON CONFLICT (tag) DO UPDATE SET uses = c.uses + excluded.uses;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "questions_tag_counts_insert" AFTER INSERT ON "questions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION question_tag_counts_apply();--> statement-breakpoint
CREATE TRIGGER "questions_tag_counts_update" AFTER UPDATE ON "questions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION question_tag_counts_apply();--> statement-breakpoint
CREATE TRIGGER "questions_tag_counts_delete" AFTER DELETE ON "questions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION question_tag_counts_apply();--> statement-breakpoint
INSERT INTO question_tag_counts (tag, uses)
  SELECT tag, count(*)::int FROM questions, unnest(questions.tags) AS tag GROUP BY tag;
