import { MAX_COMPARE } from "../../../contract/catalogue-limits";
import { deviceStore } from "../../lib/device-store";
import { storageKeys } from "../../lib/storage-keys";

/** The products a farmer picked to compare: ids only, kept on the device with the cart. */
const shortlist = deviceStore<number[]>(
  storageKeys.shortlist,
  (stored) => (Array.isArray(stored) ? stored.filter((x) => Number.isInteger(x)).slice(0, MAX_COMPARE) : []),
  [],
);

/** Adds or removes a product; answers false when the shortlist is already full. */
export function toggleShortlist(id: number): boolean {
  const ids = shortlist.get();
  if (ids.includes(id)) {
    shortlist.set(ids.filter((x) => x !== id));
    return true;
  }
  if (ids.length >= MAX_COMPARE) return false;
  shortlist.set([...ids, id]);
  return true;
}

export const clearShortlist = () => shortlist.set([]);

export const useShortlist = (): number[] => shortlist.use();
