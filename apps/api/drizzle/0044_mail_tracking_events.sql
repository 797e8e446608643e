CREATE TABLE "mail_tracking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recipient_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"url" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
