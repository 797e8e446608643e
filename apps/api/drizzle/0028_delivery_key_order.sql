DROP INDEX "delivery_recipients_key";--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_recipients_key" ON "delivery_recipients" USING btree ("delivery_id","learner_id","channel");