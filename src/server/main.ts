import { buildApp } from "./app";
import { type Config, ConfigError, loadConfig } from "./config";
import { openDatabase, prepareDatabase } from "./db/prepare";
import { DEMO_PASSWORD, demoAccounts } from "./db/seed/demo-accounts";

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase(config);
  const { seeded } = await prepareDatabase(database, {
    seedDemo: config.demoMode,
    admin: config.admin,
    now: new Date(),
  });
  const app = await buildApp({ database, config, logger: true, jobs: true });
  await app.listen({ port: config.port, host: config.host });

  const shown = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const lines = [
    "",
    `Urithi is running at http://${shown}:${config.port}`,
    `Database: ${database.kind === "pglite" ? `embedded PGlite in ${config.dataDir}` : "PostgreSQL"}${seeded ? " (demo data seeded)" : ""}`,
  ];
  if (config.demoMode) {
    lines.push(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const a of demoAccounts) lines.push(`  ${a.email.padEnd(26)} ${a.roleLabel}`);
    lines.push("  Staff sign in at /login, clients at /client-login");
  }
  const { africasTalking, smtpUrl } = config.messaging;
  if (!africasTalking || !smtpUrl) {
    const kept = [!africasTalking && "SMS", !smtpUrl && "email"].filter(Boolean).join(" and ");
    lines.push(`Messages: ${kept} kept in the database, not sent (see /messages; README "Messages" to send)`);
  }
  if (config.mpesa.mode === "simulator") {
    lines.push(`M-Pesa simulator (answer payment prompts): http://${shown}:${config.port}/mpesa-simulator`);
  }
  console.log(lines.join("\n"));

  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? `Urithi failed to start: ${error.message}` : error);
  process.exit(1);
});
