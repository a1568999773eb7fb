import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/database";
import type { DarajaClient } from "./modules/payments/daraja";

/** What every module needs from the running app. */
export interface AppContext {
  database: Database;
  config: Config;
  clock: Clock;
  daraja: DarajaClient;
}
