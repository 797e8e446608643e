-- One delivery engine (lib/delivery/): mailers, notifications and system
-- mails send through one ledger, `delivery_recipients` (one row per
-- recipient and channel), under one `deliveries` row that holds the status
-- and the sending lease. Existing mailers keep their ids as their
-- deliveries' ids, and their ledgers move over as they are; migration 0026
-- drops the old table and columns.
CREATE TABLE "deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"failure_reason" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_recipients" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"learner_id" bigint,
	"address" text,
	"payload" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivery_id" bigint;--> statement-breakpoint
ALTER TABLE "mailers" ADD COLUMN "delivery_id" bigint;--> statement-breakpoint
INSERT INTO "deliveries" ("id", "source", "status", "failure_reason", "lease_owner", "lease_until", "finished_at", "created_at", "updated_at")
  OVERRIDING SYSTEM VALUE
  SELECT "id", 'mailer', "status", "failure_reason", "lease_owner", "lease_until", "finished_at", "created_at", "updated_at" FROM "mailers";--> statement-breakpoint
SELECT setval('deliveries_id_seq', coalesce((SELECT max("id") FROM "deliveries"), 0) + 1, false);--> statement-breakpoint
UPDATE "mailers" SET "delivery_id" = "id";--> statement-breakpoint
ALTER TABLE "mailers" ALTER COLUMN "delivery_id" SET NOT NULL;--> statement-breakpoint
INSERT INTO "delivery_recipients" ("delivery_id", "channel", "learner_id", "address", "state", "reason", "attempts", "claimed_at", "sent_at")
  SELECT "mailer_id", 'bulk-mail', "learner_id", "email", "state", "reason", "attempts", "claimed_at", "sent_at"
  FROM "mailer_recipients" ORDER BY "id";--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_recipients_key" ON "delivery_recipients" USING btree ("delivery_id","channel","learner_id");--> statement-breakpoint
CREATE INDEX "delivery_recipients_state_idx" ON "delivery_recipients" USING btree ("delivery_id","channel","state","id");--> statement-breakpoint
CREATE INDEX "delivery_recipients_sent_idx" ON "delivery_recipients" USING btree ("channel","sent_at") WHERE "delivery_recipients"."state" = 'sent';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailers" ADD CONSTRAINT "mailers_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "delivery_recipients_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n WHERE n.learner_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM learners l WHERE l.id = n.learner_id))
    OR EXISTS (SELECT 1 FROM (SELECT DISTINCT delivery_id FROM new_rows) n
      WHERE NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.id = n.delivery_id)) THEN
    RAISE foreign_key_violation USING MESSAGE = 'delivery_recipients: a row names no learner or no delivery';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "delivery_recipients_check" AFTER INSERT ON "delivery_recipients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_recipients_check();--> statement-breakpoint
CREATE FUNCTION "delivery_recipients_of_learners_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM delivery_recipients r USING old_rows o WHERE r.learner_id = o.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "learners_delivery_recipients_delete" AFTER DELETE ON "learners"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_recipients_of_learners_delete();--> statement-breakpoint
CREATE FUNCTION "delivery_recipients_of_deliveries_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM delivery_recipients r USING old_rows o WHERE r.delivery_id = o.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "deliveries_delivery_recipients_delete" AFTER DELETE ON "deliveries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_recipients_of_deliveries_delete();--> statement-breakpoint
-- A mailer or a notification deleted takes its delivery (and so its ledger) with it.
CREATE FUNCTION "deliveries_of_owner_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM deliveries d USING old_rows o WHERE d.id = o.delivery_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "mailers_deliveries_delete" AFTER DELETE ON "mailers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deliveries_of_owner_delete();--> statement-breakpoint
CREATE TRIGGER "notifications_deliveries_delete" AFTER DELETE ON "notifications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deliveries_of_owner_delete();
