import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/adapter";
import type { Transports } from "./modules/notifications/dispatcher";
import type { DarajaClient } from "./modules/payments/daraja";

/** What every module needs from the running app. */
export interface AppContext {
  database: Database;
  config: Config;
  clock: Clock;
  daraja: DarajaClient;
  /** Where the outbox's SMS and email go. */
  transports: Transports;
}
