CREATE TABLE "bulk_edit_rows" (
	"bulk_edit_id" bigint NOT NULL,
	"entity_id" bigint NOT NULL,
	"before" jsonb,
	"version_after" text,
	CONSTRAINT "bulk_edit_rows_bulk_edit_id_entity_id_pk" PRIMARY KEY("bulk_edit_id","entity_id")
);
--> statement-breakpoint
CREATE TABLE "bulk_edits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bulk_edits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"selection" jsonb NOT NULL,
	"set" jsonb NOT NULL,
	"state" text NOT NULL,
	"job_id" text,
	"undo_job_id" text,
	"matched" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"refused" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"restored" integer DEFAULT 0 NOT NULL,
	"left_alone" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"left_alone_count" integer DEFAULT 0 NOT NULL,
	"by_admin_id" bigint,
	"by_email" text,
	"by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"undo_by_admin_id" bigint,
	"undo_by_email" text,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bulk_edit_rows" ADD CONSTRAINT "bulk_edit_rows_bulk_edit_id_bulk_edits_id_fk" FOREIGN KEY ("bulk_edit_id") REFERENCES "public"."bulk_edits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_edits_created_idx" ON "bulk_edits" USING btree ("created_at");