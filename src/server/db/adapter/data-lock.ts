import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";

/** Who holds a data folder: enough to tell, after a crash or a reboot, whether that process still runs. */
interface Holder {
  pid: number;
  host: string;
  /** The kernel's boot id: a lock from before a reboot is stale whatever its pid. */
  bootId: string | null;
  /** When the process started, in clock ticks since boot: a reused pid has another. */
  startTicks: string | null;
  startedAt: string;
}

export class DataFolderLocked extends Error {}

const readOr = (file: string): string | null => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
};
const bootId = () => readOr("/proc/sys/kernel/random/boot_id")?.trim() ?? null;
/** Field 22 of /proc/PID/stat; the name before it (in parentheses) may hold spaces. */
const startTicksOf = (pid: number) => {
  const stat = readOr(`/proc/${pid}/stat`);
  return stat ? (stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null) : null;
};

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether `holder` may still be using the folder; a holder on another host cannot be checked, so it may. */
function alive(holder: Holder): boolean {
  if (holder.host !== hostname()) return true;
  const boot = bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return false;
  if (holder.pid === process.pid) return false;
  if (!running(holder.pid)) return false;
  const ticks = startTicksOf(holder.pid);
  return !(holder.startTicks && ticks && holder.startTicks !== ticks);
}

function parse(text: string | null): Holder | null {
  try {
    const holder = JSON.parse(text ?? "") as Holder;
    return typeof holder.pid === "number" && typeof holder.host === "string" ? holder : null;
  } catch {
    return null;
  }
}

/**
 * Creates `file` holding `content` only if it does not exist: true when this call created it. The content is
 * written first and linked into place, so nobody ever reads the lock half written.
 */
function createOnly(file: string, content: string): boolean {
  const draft = `${file}.${process.pid}.draft`;
  writeFileSync(draft, content, { mode: 0o600 });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** A takeover left behind by a process killed in the middle of it is this old before it is ignored. */
const TAKEOVER_STALE_MS = 10_000;

/**
 * Removes the stale lock `file` held by `stale`. Two processes may find the same stale lock at once, so the
 * removal itself is guarded by a second file made with O_EXCL: only its maker removes the lock, after
 * checking that it is still the stale one, and the other waits for its own O_EXCL create of the lock to lose.
 */
function removeStale(file: string, stale: string): void {
  const guard = `${file}.takeover`;
  if (!createOnly(guard, String(process.pid))) {
    try {
      if (Date.now() - statSync(guard).mtimeMs > TAKEOVER_STALE_MS) unlinkSync(guard);
    } catch {
      // gone meanwhile
    }
    return;
  }
  try {
    if (readOr(file) === stale) unlinkSync(file);
  } finally {
    unlinkSync(guard);
  }
}

export interface DataLock {
  release(): void;
}

/**
 * Takes the lock of a data folder for this process, so two processes never open one embedded database (two
 * writers corrupt it). A lock left by a process that no longer runs (kill -9, a power cut) is taken over;
 * one held by a live process throws `DataFolderLocked` naming the folder and the holder.
 */
export function lockDataFolder(folder: string): DataLock {
  const file = `${folder}.lock`;
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    bootId: bootId(),
    startTicks: startTicksOf(process.pid),
    startedAt: new Date().toISOString(),
  };
  const content = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 20; attempt++) {
    if (createOnly(file, content)) {
      return {
        release: () => {
          if (readOr(file) === content) unlinkSync(file);
        },
      };
    }
    const text = readOr(file);
    const holder = parse(text);
    if (holder && alive(holder)) {
      const where = holder.host === me.host ? "" : ` on host ${holder.host}`;
      throw new DataFolderLocked(
        `The data folder ${folder} is in use by process ${holder.pid}${where} (lock file ${file}); stop it first`,
      );
    }
    // Stale, or not a lock of ours at all.
    if (text !== null) removeStale(file, text);
    pause(20 + attempt * 10);
  }
  throw new DataFolderLocked(`Could not take the lock of the data folder ${folder} (lock file ${file})`);
}
