CREATE TABLE "mail_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"mailer_id" bigint,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"mailer_id" bigint,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_suppressions_email_lower" CHECK ("mail_suppressions"."email" = lower("mail_suppressions"."email"))
);
--> statement-breakpoint
CREATE TABLE "mail_webhook_signatures" (
	"signature" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_suppressions" ADD CONSTRAINT "mail_suppressions_mailer_id_mailers_id_fk" FOREIGN KEY ("mailer_id") REFERENCES "public"."mailers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_suppressions_at_idx" ON "mail_suppressions" USING btree ("at","email");