import { parseArgs } from 'node:util';
import { emailSchema, nameSchema, passwordSchema } from '@bo/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { admins } from '../db/schema/index.ts';
import { hashPassword, isCommonPassword } from '../lib/passwords.ts';

/**
 * npm run admin:create -- --email E --password P [--name N]
 * Creates (or resets) a super admin. Goes through the data-directory lock, so
 * it refuses to run while a server holds the embedded database.
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const email = emailSchema.safeParse(values.email ?? '');
  const password = passwordSchema.safeParse(values.password ?? '');
  const name = nameSchema.safeParse(values.name ?? values.email?.split('@')[0] ?? '');
  if (!email.success || !password.success || !name.success) {
    throw new Error(
      'Usage: npm run admin:create -- --email you@example.com --password "a long password" [--name "Your Name"]\n' +
        'The e-mail must be valid and the password at least 8 characters.',
    );
  }
  if (isCommonPassword(password.data))
    throw new Error('This password is too common. Choose another one.');
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
      : { kind: 'pglite', dataDir: config.dataDir, purpose: 'admin:create' },
  );
  try {
    const passwordHash = await hashPassword(password.data);
    const byEmail = sql`lower(${admins.email}) = ${email.data}`;
    const [existing] = await database.db.select({ id: admins.id }).from(admins).where(byEmail);
    if (existing) {
      await database.db
        .update(admins)
        .set({
          passwordHash,
          role: 'super_admin',
          status: 'active',
          failedLogins: 0,
          lockedUntil: null,
        })
        .where(byEmail);
      console.log(`Super admin ${email.data} updated (id ${existing.id}).`);
    } else {
      const [row] = await database.db
        .insert(admins)
        .values({
          email: email.data,
          name: name.data,
          passwordHash,
          role: 'super_admin',
          status: 'active',
        })
        .returning({ id: admins.id });
      console.log(`Super admin ${email.data} created (id ${row?.id}).`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
