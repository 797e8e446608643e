ALTER TABLE "mail_templates" ADD COLUMN "format" text DEFAULT 'html' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD COLUMN "blocks" jsonb;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_format_check" CHECK ("mail_templates"."format" = 'html' or ("mail_templates"."format" = 'blocks' and "mail_templates"."blocks" is not null));