import { Eye, Mail, MessageSquare, RotateCw } from "lucide-react";
import {
  type Message,
  type MessageStatus,
  messageKindLabels,
  messageStatusLabels,
} from "../../../contract/messages";
import { DataTable } from "../../components/data-table";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { formatDateTime } from "../../lib/format";

export const statusTones: Record<MessageStatus, BadgeTone> = {
  pending: "yellow",
  kept: "gray",
  sent: "blue",
  delivered: "green",
  failed: "red",
};

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return <Badge tone={statusTones[status]}>{messageStatusLabels[status]}</Badge>;
}

/** The outbox, newest first: what went (or is going) to whom, how it went, and how many tries it took. */
export function MessageTable({
  messages,
  onView,
  onResend,
  resending,
}: {
  messages: Message[];
  onView: (m: Message) => void;
  onResend: (m: Message) => void;
  resending: number | null;
}) {
  return (
    <DataTable
      rows={messages}
      rowTestId="message-row"
      caption="Messages"
      columns={[
        { header: "Created", cell: (m) => formatDateTime(m.createdAt), className: "whitespace-nowrap" },
        {
          header: "Message",
          cell: (m) => (
            <div className="max-w-md">
              <p className="flex items-center gap-1.5 font-medium">
                {m.channel === "sms" ? <MessageSquare className="size-4" /> : <Mail className="size-4" />}
                {messageKindLabels[m.kind]}
                <span className="text-xs font-normal uppercase text-gray-500">{m.language}</span>
              </p>
              <p className="line-clamp-2 text-xs text-gray-600 dark:text-gray-400">{m.subject ?? m.body}</p>
            </div>
          ),
        },
        {
          header: "Recipient",
          cell: (m) => m.recipient,
          className: (m) => (m.channel === "sms" ? "whitespace-nowrap" : "break-all"),
        },
        {
          header: "Status",
          cell: (m) => (
            <div>
              <MessageStatusBadge status={m.status} />
              {m.lastError && (
                <p className="mt-1 max-w-xs text-xs text-red-700 dark:text-red-400">{m.lastError}</p>
              )}
            </div>
          ),
        },
        { header: "Tries", cell: (m) => m.attempts },
        {
          header: "Actions",
          cell: (m) => (
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                aria-label={`View message ${m.id}`}
                onClick={() => onView(m)}
              >
                <Eye />
              </Button>
              {m.status === "failed" && (
                <Button variant="outline" size="sm" disabled={resending === m.id} onClick={() => onResend(m)}>
                  <RotateCw /> Resend
                </Button>
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
