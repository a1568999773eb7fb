import { eq, sql } from "drizzle-orm";
import { hashPassword } from "../modules/auth/passwords";
import { applyMigrations, type Database } from "./adapter";
import { users } from "./schema";
import { seedDemoData } from "./seed/seed";

export interface PrepareOptions {
  seedDemo: boolean;
  /**
   * The demo catalogue beyond the seeded orders' items (41 bulls, 16 lots and their services); on unless a
   * test that checks every invariant after each of thousands of steps has no use for it.
   */
  demoCatalogue?: boolean;
  admin?: { email: string; password: string };
  now: Date;
}

/** Migrates, then seeds demo data (first run only) and the bootstrap director, under one lock. */
export async function prepareDatabase(
  database: Database,
  options: PrepareOptions,
): Promise<{ seeded: boolean }> {
  return database.exclusive(async (db) => {
    await applyMigrations(database, db);
    const seeded = options.seedDemo
      ? await seedDemoData(db, options.now, { catalogue: options.demoCatalogue ?? true })
      : false;
    if (options.admin) {
      const email = options.admin.email.toLowerCase();
      const [existing] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email));
      if (!existing) {
        await db.insert(users).values({
          email,
          passwordHash: await hashPassword(options.admin.password),
          role: "director",
          firstName: "Urithi",
          lastName: "Administrator",
        });
      }
    }
    return { seeded };
  });
}
