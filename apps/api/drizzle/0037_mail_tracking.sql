CREATE TABLE "mail_link_clicks" (
	"mailer_id" bigint NOT NULL,
	"url" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mail_link_clicks_mailer_id_url_pk" PRIMARY KEY("mailer_id","url")
);
--> statement-breakpoint
CREATE TABLE "mail_tracking" (
	"recipient_id" bigint PRIMARY KEY NOT NULL,
	"mailer_id" bigint NOT NULL,
	"learner_id" bigint NOT NULL,
	"first_opened_at" timestamp with time zone,
	"opens" integer DEFAULT 0 NOT NULL,
	"first_clicked_at" timestamp with time zone,
	"clicks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mailers" ADD COLUMN "track" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_link_clicks" ADD CONSTRAINT "mail_link_clicks_mailer_id_mailers_id_fk" FOREIGN KEY ("mailer_id") REFERENCES "public"."mailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tracking" ADD CONSTRAINT "mail_tracking_mailer_id_mailers_id_fk" FOREIGN KEY ("mailer_id") REFERENCES "public"."mailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tracking" ADD CONSTRAINT "mail_tracking_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_tracking_mailer_idx" ON "mail_tracking" USING btree ("mailer_id");--> statement-breakpoint
CREATE INDEX "mail_tracking_learner_idx" ON "mail_tracking" USING btree ("learner_id");