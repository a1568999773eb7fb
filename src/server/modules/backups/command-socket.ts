import { chmodSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import path from "node:path";
import type { Backup } from "../../../contract/backups";

/**
 * While an app holds an embedded database's folder, no other process may open it, so `npm run backup` asks
 * the app itself through a Unix socket in the data folder. Only the folder's owner can reach it (mode 600),
 * the same people who could copy the files.
 */
export const commandSocketPath = (dataDir: string) => path.resolve(dataDir, "backup.sock");
const MAX_SOCKET_PATH = 100;

export function serveBackupCommands(
  socketPath: string,
  backup: () => Promise<Backup>,
  warn: (message: string) => void,
): Server | null {
  // A Unix socket's path has room for about 100 bytes.
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    warn(
      `npm run backup cannot reach this app: its data folder's path is too long for a socket (${socketPath})`,
    );
    return null;
  }
  // Whoever made a socket file here no longer runs: this process holds the folder's lock.
  rmSync(socketPath, { force: true });
  const server = createServer((socket) => {
    socket.setEncoding("utf8");
    socket.once("data", async (line: string) => {
      if (line.trim() !== "backup")
        return void socket.end(`${JSON.stringify({ error: "Unknown command" })}\n`);
      try {
        socket.end(`${JSON.stringify({ backup: await backup() })}\n`);
      } catch (error) {
        socket.end(`${JSON.stringify({ error: (error as Error).message })}\n`);
      }
    });
    socket.on("error", () => {});
  });
  // A folder whose path is too long for a socket, or read-only: `npm run backup` then says the folder is in
  // use, and the schedule and the Settings screen still back up.
  server.on("error", (error) => warn(`npm run backup cannot reach this app (${error.message})`));
  server.listen(socketPath, () => {
    try {
      chmodSync(socketPath, 0o600);
    } catch (error) {
      warn(`npm run backup cannot reach this app (${(error as Error).message})`);
      server.close();
    }
  });
  server.unref();
  return server;
}

/** Asks the app running on this data folder for a backup; null when no app listens there. */
export function askRunningApp(socketPath: string): Promise<Backup | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write("backup\n"));
    socket.on("data", (d: string) => {
      answer += d;
    });
    socket.on("end", () => {
      try {
        const parsed = JSON.parse(answer) as { backup?: Backup; error?: string };
        if (parsed.backup) resolve(parsed.backup);
        else reject(new Error(parsed.error ?? "The running app did not say"));
      } catch {
        reject(new Error("The running app gave no answer"));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
  });
}
