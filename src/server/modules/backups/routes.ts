import { createReadStream } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { backupListQuery, backupSchema, backupSchedule as scheduleSchema } from "../../../contract/backups";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { access } from "../../http/access";
import { withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import { type BackupContext, backupSchedule, countBackups, listBackups, startBackup } from "./service";

/** The Directors' backups: the list with the schedule, a backup now, and each file to download. */
export function registerBackupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.staff("settings") };
  const backups: BackupContext = { database: ctx.database, config: ctx.config, now: () => ctx.clock.now() };
  r.get(
    "/api/backups",
    { config, schema: { querystring: backupListQuery, response: { 200: z.array(backupSchema) } } },
    (request, reply) => withTotal(reply, listBackups(backups, request.query), countBackups(backups)),
  );
  r.get("/api/backups/schedule", { config, schema: { response: { 200: scheduleSchema } } }, () =>
    backupSchedule(backups),
  );
  // Answers at once with the backup running; the list shows when it is done (a big one takes minutes).
  r.post("/api/backups", { config, schema: { response: { 202: backupSchema } } }, async (request, reply) => {
    const { id, done } = await startBackup(backups, "manual");
    done.catch((error) => request.log.error({ err: error }, "backup failed"));
    const [running] = await listBackups(backups, { limit: 1, offset: 0 }, id);
    return reply.status(202).send(running!);
  });
  r.get("/api/backups/:id/download", { config, schema: { params: idParams } }, async (request, reply) => {
    const [backup] = await listBackups(backups, { limit: 1, offset: 0 }, request.params.id);
    if (!backup?.downloadable || !backup.fileName) {
      throw notFound(backup ? "This backup's file (on another instance, or pruned)" : "Backup");
    }
    return reply
      .header("content-type", "application/octet-stream")
      .header("content-disposition", `attachment; filename="${backup.fileName}"`)
      .header("content-length", String(backup.bytes))
      .send(createReadStream(path.join(ctx.config.backups.dir, backup.fileName)));
  });
}
