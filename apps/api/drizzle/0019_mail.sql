CREATE TABLE "mail_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"variables" text[] NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_unsubscribes" (
	"learner_id" bigint PRIMARY KEY NOT NULL,
	"mailer_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailer_images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailer_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"file_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	CONSTRAINT "mailer_images_file_key_unique" UNIQUE("file_key")
);
--> statement-breakpoint
CREATE TABLE "mailer_recipients" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailer_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mailer_id" bigint NOT NULL,
	"learner_id" bigint NOT NULL,
	"email" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mailers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"audience" jsonb NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_unsubscribes" ADD CONSTRAINT "mail_unsubscribes_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_unsubscribes" ADD CONSTRAINT "mail_unsubscribes_mailer_id_mailers_id_fk" FOREIGN KEY ("mailer_id") REFERENCES "public"."mailers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailer_recipients" ADD CONSTRAINT "mailer_recipients_mailer_id_mailers_id_fk" FOREIGN KEY ("mailer_id") REFERENCES "public"."mailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailer_recipients" ADD CONSTRAINT "mailer_recipients_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailers" ADD CONSTRAINT "mailers_template_id_mail_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."mail_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailers" ADD CONSTRAINT "mailers_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_templates_name_key" ON "mail_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "mailer_recipients_key" ON "mailer_recipients" USING btree ("mailer_id","learner_id");--> statement-breakpoint
CREATE INDEX "mailer_recipients_state_idx" ON "mailer_recipients" USING btree ("mailer_id","state","id");--> statement-breakpoint
CREATE INDEX "mailer_recipients_sent_idx" ON "mailer_recipients" USING btree ("sent_at") WHERE "mailer_recipients"."state" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "mailers_idempotency_key" ON "mailers" USING btree ("created_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "mailers_created_idx" ON "mailers" USING btree ("created_at","id");