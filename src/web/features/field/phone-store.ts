import { createStore, del, entries, get, set } from "idb-keyval";
import type { FieldRecord } from "../../../contract/field";

/**
 * What the technician's phone keeps in IndexedDB: the records not yet synced (by the id each was given
 * on the phone), and the last jobs and flask it was shown, so the screen still opens with no signal.
 */
const records = createStore("urithi-field", "records");
const cache = createStore("urithi-field-cache", "answers");

export const queueRecord = (record: FieldRecord & { clientId: string }) =>
  set(record.clientId, record, records);
export const queuedRecords = async (): Promise<FieldRecord[]> =>
  (await entries<string, FieldRecord>(records)).map(([, r]) => r);
export const dropRecord = (clientId: string) => del(clientId, records);

/** Reads `url` from the server, keeping its answer on the phone; with no network, the answer kept last. */
export async function readThroughPhone<T>(url: string): Promise<T> {
  try {
    const res = await fetch(url, { credentials: "include" });
    if (!res.ok) throw Object.assign(new Error(`${url} answered ${res.status}`), { status: res.status });
    const body = (await res.json()) as T;
    await set(url, body, cache);
    return body;
  } catch (error) {
    // An answer from the server (401, 500) is not a lost signal: only a failed fetch falls back.
    if ((error as { status?: number }).status !== undefined) throw error;
    const kept = await get<T>(url, cache);
    if (kept === undefined) throw error;
    return kept;
  }
}
