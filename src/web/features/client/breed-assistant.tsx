import { MessageCircle, Send, X } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { breedAdvice } from "../../../contract/breed-advice";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";

type Message = { from: "assistant" | "user"; text: string };
const GREETING: Message = {
  from: "assistant",
  text: "Hello! Which region do you farm in? I can recommend breeds suited to your climate.",
};

/** Floating chat that recommends breeds by region; it answers locally. */
export function BreedAssistant() {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<Message[]>([GREETING]);
  const [input, setInput] = useState("");
  const listRef = useRef<HTMLOListElement>(null);

  // Keep the newest answer in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever a message is added
  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [messages, open]);

  const send = (e: FormEvent) => {
    e.preventDefault();
    const text = input.trim();
    if (!text) return;
    setMessages((m) => [...m, { from: "user", text }, { from: "assistant", text: breedAdvice(text) }]);
    setInput("");
  };

  return (
    <div className="fixed bottom-4 right-4 z-40 flex flex-col items-end gap-2">
      {open && (
        <Card className="flex h-96 w-[min(22rem,calc(100vw-2rem))] flex-col" data-testid="breed-assistant">
          <div className="flex items-center justify-between border-b border-gray-100 p-3 dark:border-gray-800">
            <p className="font-semibold">Breed Assistant</p>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Close breed assistant"
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
                data-from={m.from}
                className={
                  m.from === "user"
                    ? "ml-8 rounded-lg bg-brand-700 p-2 text-white"
                    : "mr-8 rounded-lg bg-gray-100 p-2 dark:bg-gray-800"
                }
              >
                {m.text}
              </li>
            ))}
          </ol>
          <form className="flex gap-2 border-t border-gray-100 p-3 dark:border-gray-800" onSubmit={send}>
            <Input
              aria-label="Ask about breeds"
              placeholder="Ask about breeds..."
              value={input}
              onChange={(e) => setInput(e.target.value)}
            />
            <Button type="submit" size="icon" aria-label="Send">
              <Send />
            </Button>
          </form>
        </Card>
      )}
      <Button className="rounded-full shadow-lg" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
        <MessageCircle /> Breed Assistant
      </Button>
    </div>
  );
}
