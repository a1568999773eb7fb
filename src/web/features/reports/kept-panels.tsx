import { memo, type ReactNode, startTransition, useEffect, useState } from "react";
import { whenIdle } from "../../lib/idle";

interface PanelProps<T, D> {
  tab: T;
  data: D;
  render: (tab: T, data: D) => ReactNode;
}

// Drawn again only when its tab, its data or its renderer changes: a hidden panel costs nothing to keep.
const Panel = memo(function Panel<T, D>({ tab, data, render }: PanelProps<T, D>) {
  return render(tab, data);
}) as <T, D>(props: PanelProps<T, D>) => ReactNode;

/**
 * Tab panels drawn once and kept. The chosen one shows; the others stay drawn but invisible and take no
 * room, laid out at full width so their charts keep their size; a tab not drawn yet is drawn when the browser is idle, one at a
 * time. Switching tab then shows a drawn panel instead of drawing its charts (400–700 ms on a phone-class
 * CPU). A hidden panel keeps the data it was drawn from until idle time draws it again with new data.
 */
export function KeptPanels<T extends string, D>({
  tabs,
  current,
  data,
  render,
}: {
  tabs: readonly T[];
  current: T;
  data: D;
  /** Must keep its identity across renders (a module-level function), or every panel is drawn again. */
  render: (tab: T, data: D) => ReactNode;
}) {
  const [drawnWith, setDrawnWith] = useState<Partial<Record<T, D>>>({});
  // The chosen tab's panel is drawn with the current data: remembered, so it is kept as it is once hidden.
  useEffect(() => {
    setDrawnWith((drawn) => (drawn[current] === data ? drawn : { ...drawn, [current]: data }));
  }, [current, data]);
  useEffect(() => {
    const next = tabs.find((t) => t !== current && drawnWith[t] !== data);
    if (next === undefined) return;
    let cancelled = false;
    whenIdle(() => {
      if (!cancelled) startTransition(() => setDrawnWith((drawn) => ({ ...drawn, [next]: data })));
    });
    return () => {
      cancelled = true;
    };
  }, [tabs, current, data, drawnWith]);

  return (
    <div>
      {tabs.map((tab) => {
        const shown = tab === current;
        const panelData = shown ? data : drawnWith[tab];
        if (panelData === undefined) return null;
        return (
          <div
            key={tab}
            role="tabpanel"
            inert={!shown}
            aria-hidden={shown ? undefined : true}
            // Laid out at full width but clipped to no height: nothing to scroll to, charts keep their size.
            className={shown ? undefined : "pointer-events-none invisible h-0 overflow-hidden"}
          >
            <Panel tab={tab} data={panelData} render={render} />
          </div>
        );
      })}
    </div>
  );
}
