import { pino } from "pino";
import { type Config, ConfigError, loadConfig } from "./config";
import { DataFolderLocked } from "./db/adapter";
import { openDatabase } from "./db/open";
import { DEMO_PASSWORD, demoAccounts } from "./db/seed/demo-accounts";
import { mapStackTraces } from "./stack-traces";

mapStackTraces();

/** Past this, a shutdown that is still waiting for requests gives up on them. */
const SHUTDOWN_LIMIT_MS = 30_000;

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

async function serve(): Promise<void> {
  const config = readConfig();
  const log = pino({ level: config.logLevel });
  // PGlite starts on its own thread while this one loads the app's code (`npm run build:server` splits it
  // from this file): a restart no longer waits for one, then the other (decision 49). All of it loads now, so
  // a later build never changes what a running server has yet to read.
  const [database, { prepareDatabase }, { buildApp }, socket, { makeBackup }] = await Promise.all([
    openDatabase(config, log),
    import("./db/prepare"),
    import("./app"),
    import("./modules/backups/command-socket"),
    import("./modules/backups/service"),
  ]);
  const { seeded } = await prepareDatabase(database, {
    seedDemo: config.demoMode,
    admin: config.admin,
    now: new Date(),
  });
  const app = await buildApp({ database, config, logger: log, jobs: true });
  await app.listen({ port: config.port, host: config.host });
  const commandSocket =
    database.kind === "pglite"
      ? socket.serveBackupCommands(
          socket.commandSocketPath(config.dataDir),
          () => makeBackup({ database, config, now: () => new Date() }, "command"),
          (message) => log.warn(message),
        )
      : null;

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
  if (config.demoMode) {
    lines.push(`SMS simulator (a farmer's texts, and replies): http://${shown}:${config.port}/sms-simulator`);
    lines.push(
      `USSD simulator (a feature phone dialling Urithi): http://${shown}:${config.port}/ussd-simulator`,
    );
  }
  console.log(lines.join("\n"));

  // SIGTERM (systemd, Docker, a rolling restart): first answer "not ready" for DRAIN_SECONDS while still
  // serving, so a proxy's health check moves new requests elsewhere; then stop accepting, finish what is
  // running, close the database and exit.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      log.error("shutdown took too long: exiting with requests unfinished");
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS + config.drainMs).unref();
    log.info({ signal, drainMs: config.drainMs }, "shutting down");
    app.draining = true;
    if (signal === "SIGTERM" && config.drainMs > 0) await new Promise((r) => setTimeout(r, config.drainMs));
    commandSocket?.close();
    // A kept-alive connection whose request was in flight becomes idle once answered; close it then, rather
    // than waiting out its keep-alive time.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(sweep);
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

// `node dist/server/main.js backup` (npm run backup) and `restore FILE` run a command; no argument serves.
const [command, ...args] = process.argv.slice(2);
const cli = command ? await import("./cli") : null;
const run = cli ? cli.commands[command!] : serve;
if (!run) {
  console.error(`Unknown command ${command}: use backup or restore FILE [--force]`);
  process.exit(1);
}
run(args).then(
  () => {
    if (command) process.exit(0);
  },
  (error) => {
    if (error instanceof DataFolderLocked || error instanceof ConfigError || cli?.expected(error))
      console.error(error.message);
    else if (command) console.error(error);
    else console.error(error instanceof Error ? `Urithi failed to start: ${error.message}` : error);
    process.exit(1);
  },
);
