import { useCallback, useEffect, useState } from "react";
import { syncQueued } from "./api";
import { queuedRecords } from "./phone-store";

/**
 * The phone's queue and its sync: sends what waits as the screen opens, when the signal comes back and
 * after each record, and says how many records still wait.
 */
export function useFieldSync() {
  const [waiting, setWaiting] = useState<number | null>(null);
  const [syncing, setSyncing] = useState(false);
  const count = useCallback(async () => setWaiting((await queuedRecords()).length), []);
  const sync = useCallback(async () => {
    if (navigator.onLine) {
      setSyncing(true);
      try {
        await syncQueued();
      } catch {
        // No signal after all, or the server is down: the records stay queued for the next try.
      } finally {
        setSyncing(false);
      }
    }
    await count();
  }, [count]);
  useEffect(() => {
    void sync();
    const online = () => void sync();
    window.addEventListener("online", online);
    window.addEventListener("offline", online);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", online);
    };
  }, [sync]);
  return { waiting, syncing, sync };
}
