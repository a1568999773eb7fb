import { Menu, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";

/**
 * A header's links on a phone: a Menu button that opens them under the header, modally: focus moves to the
 * first link and the page behind is inert (unreachable by Tab, tap or screen reader) and dimmed. It closes
 * when a link is followed, on Escape or the button (focus back on the button) and on a tap outside. Wider
 * screens hide the button and show the header's own links.
 */
export function PhoneMenu({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const behind = document.getElementById("main");
    behind?.setAttribute("inert", "");
    panel.current?.querySelector<HTMLElement>("a, button, select")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    // Following a link (or an in-page anchor) is done with the menu.
    const onLink = (e: MouseEvent) => (e.target as HTMLElement).closest("a") && setOpen(false);
    const links = panel.current;
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    links?.addEventListener("click", onLink);
    return () => {
      behind?.removeAttribute("inert");
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      links?.removeEventListener("click", onLink);
    };
  }, [open]);

  return (
    <div className={cn("md:hidden", className)}>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        aria-expanded={open}
        aria-controls={id}
        aria-label={label}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? <X /> : <Menu />}
      </Button>
      {/* In the body: the header's backdrop blur would make a fixed child fit inside the header. */}
      {open && createPortal(<div aria-hidden className="fixed inset-0 z-10 bg-black/30" />, document.body)}
      <div
        ref={panel}
        id={id}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-gray-200 bg-white shadow-lg dark:border-gray-800 dark:bg-gray-900"
      >
        <nav aria-label={label} className="mx-auto flex max-w-6xl flex-col px-2 py-2">
          {children}
        </nav>
      </div>
    </div>
  );
}

/** A link's look inside the phone menu: a full-width row tall enough to tap. */
export const phoneMenuLink =
  "flex min-h-11 items-center rounded-md px-3 text-base hover:bg-gray-100 dark:hover:bg-gray-800";
