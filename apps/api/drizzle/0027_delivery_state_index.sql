DROP INDEX "delivery_recipients_state_idx";--> statement-breakpoint
CREATE INDEX "delivery_recipients_state_idx" ON "delivery_recipients" USING btree ("delivery_id","state","id");