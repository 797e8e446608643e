-- Unsubscribes join the suppression list (by address): the address that campaign mailed the learner at, else the learner's address; the first unsubscribe of an address stands (docs/decisions.md, Mail).
INSERT INTO "mail_suppressions" ("email", "reason", "mailer_id", "at")
  SELECT DISTINCT ON (lower(coalesce(nullif(r."address", ''), l."email")))
    lower(coalesce(nullif(r."address", ''), l."email")), 'unsubscribed', m."id", u."at"
  FROM "mail_unsubscribes" u
  JOIN "learners" l ON l."id" = u."learner_id"
  LEFT JOIN "mailers" m ON m."id" = u."mailer_id"
  LEFT JOIN "delivery_recipients" r
    ON r."delivery_id" = m."delivery_id" AND r."learner_id" = u."learner_id" AND r."channel" = 'bulk-mail'
  WHERE coalesce(nullif(r."address", ''), l."email", '') <> ''
  ORDER BY lower(coalesce(nullif(r."address", ''), l."email")), u."at"
ON CONFLICT ("email") DO NOTHING;--> statement-breakpoint
DROP TABLE "mail_unsubscribes" CASCADE;