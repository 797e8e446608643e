-- A campaign's ledger is written 100,000 rows at a time in the `sendmailer`
-- request. Its two foreign keys checked each row apart (200,000 lookups, most
-- of the INSERT's time); the same rules now hold per statement: one check of
-- all the new rows (an anti-join) after each INSERT, and the cascades as one
-- DELETE per statement when learners or mailers are deleted.
ALTER TABLE "mailer_recipients" DROP CONSTRAINT "mailer_recipients_mailer_id_mailers_id_fk";
--> statement-breakpoint
ALTER TABLE "mailer_recipients" DROP CONSTRAINT "mailer_recipients_learner_id_learners_id_fk";
--> statement-breakpoint
CREATE FUNCTION "mailer_recipients_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM learners l WHERE l.id = n.learner_id))
    OR EXISTS (SELECT 1 FROM (SELECT DISTINCT mailer_id FROM new_rows) n
      WHERE NOT EXISTS (SELECT 1 FROM mailers m WHERE m.id = n.mailer_id)) THEN
    RAISE foreign_key_violation USING MESSAGE = 'mailer_recipients: a row names no learner or no mailer';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "mailer_recipients_check" AFTER INSERT ON "mailer_recipients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mailer_recipients_check();--> statement-breakpoint
CREATE FUNCTION "mailer_recipients_of_learners_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM mailer_recipients r USING old_rows o WHERE r.learner_id = o.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "learners_mailer_recipients_delete" AFTER DELETE ON "learners"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mailer_recipients_of_learners_delete();--> statement-breakpoint
CREATE FUNCTION "mailer_recipients_of_mailers_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM mailer_recipients r USING old_rows o WHERE r.mailer_id = o.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "mailers_mailer_recipients_delete" AFTER DELETE ON "mailers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mailer_recipients_of_mailers_delete();
