import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import type { ItemWhereabouts } from "../../../contract/cryo-store";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { formatDate } from "../../lib/format";
import { useListParams } from "../../lib/use-list-params";
import { storeQueries } from "./api";

/** "Where is EMB-HF-001": every position of the items that match, oldest receipt first. */
export function WhereIs({ onPlace }: { onPlace: (item: ItemWhereabouts) => void }) {
  // A scanned label arrives as `?find=`: asked at once.
  const { values } = useListParams({ find: "" });
  const [typed, setTyped] = useState(values.find);
  const [asked, setAsked] = useState(values.find.trim());
  useEffect(() => {
    if (!values.find) return;
    setTyped(values.find);
    setAsked(values.find.trim());
  }, [values.find]);
  const found = useQuery({ ...storeQueries.locate(asked), enabled: asked.length > 0 });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAsked(typed.trim());
  };
  return (
    <div className="space-y-3">
      <form onSubmit={submit} className="flex gap-2" aria-label="Find straws">
        <Input
          aria-label="Where is"
          placeholder="Where is… EMB-HF-001, a breed, a bull or a label (T1, T1-C3, T1-C3-2)"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit" variant="outline">
          <Search /> Find
        </Button>
      </form>
      {found.data?.length === 0 && (
        <p className="text-sm text-gray-500">Nothing in the store matches “{asked}”.</p>
      )}
      {found.data?.map((item) => (
        <div
          key={item.inventoryItemId}
          className="rounded-md border border-gray-200 p-3 text-sm dark:border-gray-700"
          data-testid="whereabouts"
        >
          <p className="font-medium">
            <span className="font-mono">{item.itemId}</span> · {item.breedName} · {item.currentStock} on hand
          </p>
          {item.positions.length > 0 ? (
            <ul className="mt-1 space-y-0.5">
              {item.positions.map((p) => (
                <li key={`${p.batchId}-${p.caneId}`} className="tabular-nums">
                  <span className="font-mono font-semibold">{p.label}</span> · {p.tankName}, canister{" "}
                  {p.canister}: {p.count} straws of batch {p.batchCode}
                  {p.allocated > 0 && ` (${p.allocated} on pick lists)`} · received {formatDate(p.receivedAt)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-gray-500">In no position yet.</p>
          )}
          {item.unplaced > 0 && (
            <div className="mt-2 flex items-center gap-2">
              <span className="text-amber-700 dark:text-amber-400">{item.unplaced} not yet placed</span>
              <Button size="sm" variant="outline" onClick={() => onPlace(item)}>
                Place
              </Button>
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
