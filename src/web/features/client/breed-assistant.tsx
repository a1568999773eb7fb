import { MessageCircle, Send, X } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { adviceFor, askOf } from "../../../contract/breed-advice";
import type { RecommendationAsk } from "../../../contract/catalogue";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { say, useT } from "../../lib/i18n/i18n";
import { AssistantPicks } from "./assistant-picks";

/**
 * The assistant's words are kept in English (the contract's) and shown in the reader's language; its
 * catalogue picks are asked of the server when shown.
 */
type Message =
  | { from: "assistant" | "user"; text: string }
  | { from: "greeting" }
  | { from: "picks"; ask: RecommendationAsk };

/** The button that opens the assistant: floating on wide screens, in the cart bar on a phone. */
export function BreedAssistantToggle({
  open,
  onToggle,
  compact = false,
  className,
}: {
  open: boolean;
  onToggle: () => void;
  /** Only the icon, where the bar has no room for the words. */
  compact?: boolean;
  className?: string;
}) {
  const t = useT();
  return (
    <Button
      className={className}
      size={compact ? "icon" : "default"}
      onClick={onToggle}
      aria-expanded={open}
      aria-label={compact ? t("assistant.title") : undefined}
    >
      <MessageCircle /> {!compact && t("assistant.title")}
    </Button>
  );
}

/**
 * A chat that recommends breeds by region, answered locally (SPEC's advice), then in-stock products for
 * the county and goal the question names, from the catalogue. On a phone it opens over the cart bar,
 * whose button opens it, so nothing floats over the products' Add to Cart buttons.
 */
export function BreedAssistant({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const setOpen = onOpenChange;
  const [messages, setMessages] = useState<Message[]>([{ from: "greeting" }]);
  const [input, setInput] = useState("");
  const listRef = useRef<HTMLOListElement>(null);

  // Keep the newest answer in view.
  const toNewest = () => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever a message is added
  useEffect(toNewest, [messages, open]);

  const send = (e: FormEvent) => {
    e.preventDefault();
    const text = input.trim();
    if (!text) return;
    const ask = askOf(text);
    setMessages((m) => [
      ...m,
      { from: "user", text },
      { from: "assistant", text: adviceFor(text) },
      ...(ask ? [{ from: "picks" as const, ask }] : []),
    ]);
    setInput("");
  };

  return (
    <div className="no-print fixed bottom-20 right-2 z-40 flex flex-col items-end gap-2 sm:right-4 lg:bottom-4">
      {open && (
        <Card
          className="flex h-[min(24rem,calc(100dvh-10rem))] w-[min(22rem,calc(100vw-1rem))] flex-col"
          data-testid="breed-assistant"
        >
          <div className="flex items-center justify-between border-b border-gray-100 p-3 dark:border-gray-800">
            <p className="font-semibold">{t("assistant.title")}</p>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("assistant.close")}
              onClick={() => setOpen(false)}
            >
              <X />
            </Button>
          </div>
          <ol ref={listRef} className="flex-1 space-y-2 overflow-y-auto p-3 text-sm" aria-live="polite">
            {messages.map((m, i) => (
              <li
                // Messages are only ever appended, so their position is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
                key={i}
                data-from={m.from === "greeting" ? "assistant" : m.from}
                className={
                  m.from === "user"
                    ? "ml-8 rounded-lg bg-brand-700 p-2 text-white"
                    : "mr-8 rounded-lg bg-gray-100 p-2 dark:bg-gray-800"
                }
              >
                {m.from === "greeting" ? (
                  t("assistant.greeting")
                ) : m.from === "picks" ? (
                  <AssistantPicks ask={m.ask} onShown={toNewest} />
                ) : m.from === "user" ? (
                  m.text
                ) : (
                  say(m.text)
                )}
              </li>
            ))}
          </ol>
          <form className="flex gap-2 border-t border-gray-100 p-3 dark:border-gray-800" onSubmit={send}>
            <Input
              aria-label={t("assistant.ask")}
              placeholder={t("assistant.placeholder")}
              value={input}
              onChange={(e) => setInput(e.target.value)}
            />
            <Button type="submit" size="icon" aria-label={t("assistant.send")}>
              <Send />
            </Button>
          </form>
        </Card>
      )}
      <BreedAssistantToggle
        open={open}
        onToggle={() => setOpen(!open)}
        className="hidden rounded-full shadow-lg lg:inline-flex"
      />
    </div>
  );
}
