import { useQuery } from "@tanstack/react-query";
import { Archive, CheckCheck, Clock, MailWarning, Send } from "lucide-react";
import { useDeferredValue, useState } from "react";
import {
  type Message,
  type MessageChannel,
  type MessageListQuery,
  type MessageStatus,
  type MessageSummary,
  messageKindLabels,
  messageStatuses,
  messageStatusLabels,
} from "../../../contract/messages";
import { ChoiceSelect } from "../../components/choice-select";
import { FilterBar, ListScreen, ListState, type Stat } from "../../components/list-screen";
import { ListSearch } from "../../components/list-search";
import { SortSelect } from "../../components/sort-select";
import { DetailsDialog } from "../../components/ui/details-dialog";
import { toastOutcome } from "../../components/ui/use-toast";
import { formatCount, formatDateTime } from "../../lib/format";
import { sortOf, useListParams } from "../../lib/use-list-params";
import { usePage } from "../../lib/use-page";
import { messageQueries, useResendMessage } from "./api";
import { MessageStatusBadge, MessageTable } from "./message-table";

const statsOf = (s: MessageSummary): Stat[] => [
  { label: "Pending", value: formatCount(s.counts.pending), icon: Clock },
  { label: "Kept (no provider)", value: formatCount(s.counts.kept), icon: Archive },
  { label: "Sent", value: formatCount(s.counts.sent), icon: Send },
  { label: "Delivered", value: formatCount(s.counts.delivered), icon: CheckCheck },
  { label: "Failed", value: formatCount(s.counts.failed), icon: MailWarning },
];

function MessageDetails({ message, onClose }: { message: Message | undefined; onClose: () => void }) {
  if (!message) return null;
  const rows: [string, string | null][] = [
    ["To", message.recipient],
    ["Channel", message.channel === "sms" ? "SMS" : "Email"],
    ["Language", message.language === "sw" ? "Kiswahili" : "English"],
    ["Subject", message.subject],
    ["Created", formatDateTime(message.createdAt)],
    ["Sent", formatDateTime(message.sentAt)],
    ["Delivered", formatDateTime(message.deliveredAt)],
    ["Tries", String(message.attempts)],
    ["Next try", formatDateTime(message.nextAttemptAt)],
    ["Last error", message.lastError],
    ["Provider id", message.providerMessageId],
  ];
  return (
    <DetailsDialog
      title={messageKindLabels[message.kind]}
      description={`Message ${message.id}`}
      rows={rows}
      onClose={onClose}
    >
      <div className="mt-4 space-y-2">
        <MessageStatusBadge status={message.status} />
        <pre className="whitespace-pre-wrap rounded-md bg-gray-50 p-3 text-sm dark:bg-gray-900">
          {message.body}
        </pre>
      </div>
    </DetailsDialog>
  );
}

export default function MessagesPage() {
  const list = useListParams({ status: "all", channel: "all", search: "", sort: "createdAt", order: "desc" });
  const status = list.values.status as MessageStatus | "all";
  const channel = list.values.channel as MessageChannel | "all";
  const search = useDeferredValue(list.values.search).trim();
  const filters = {
    ...(status === "all" ? {} : { status }),
    ...(channel === "all" ? {} : { channel }),
    ...(search ? { search } : {}),
    ...sortOf<MessageListQuery>(list.values),
  };
  const page = usePage(filters);
  const messages = useQuery({
    ...messageQueries.list({ ...filters, ...page.params }),
    refetchInterval: 5000,
  });
  const summary = useQuery({ ...messageQueries.summary(), refetchInterval: 5000 });
  const [viewing, setViewing] = useState<Message>();
  const resend = useResendMessage();
  const onResend = (m: Message) =>
    resend.mutate(m.id, toastOutcome("Message queued to send again", "Failed to resend message"));
  return (
    <ListScreen
      title="Messages"
      subtitle={`Every SMS and email to clients and staff, with how its delivery went.${
        summary.data ? ` SMS: ${summary.data.channels.sms}. Email: ${summary.data.channels.email}.` : ""
      }`}
      stats={summary.data && statsOf(summary.data)}
      listTitle="Outbox"
      filters={
        <FilterBar>
          <ListSearch list={list} label="Search messages" placeholder="Search by recipient or subject..." />
          <ChoiceSelect
            label="Filter by status"
            all="All statuses"
            className="sm:w-48"
            options={messageStatuses.map((s) => [s, messageStatusLabels[s]] as const)}
            value={status}
            onChange={(v) => list.set({ status: v })}
          />
          <ChoiceSelect
            label="Filter by channel"
            all="SMS and email"
            className="sm:w-48"
            options={[
              ["sms", "SMS"],
              ["email", "Email"],
            ]}
            value={channel}
            onChange={(v) => list.set({ channel: v })}
          />
          <SortSelect
            options={[
              ["createdAt:desc", "Newest first"],
              ["createdAt:asc", "Oldest first"],
              ["status:asc", "By status"],
            ]}
            value={list.values}
            onChange={list.set}
          />
        </FilterBar>
      }
      dialogs={<MessageDetails message={viewing} onClose={() => setViewing(undefined)} />}
    >
      <ListState
        query={messages}
        page={page}
        label="messages"
        empty={
          Object.keys(filters).length > 2
            ? { icon: Send, title: "No messages found", hint: "Try adjusting your search or filters" }
            : { icon: Send, title: "No messages yet" }
        }
      >
        {(rows) => (
          <MessageTable
            messages={rows}
            onView={setViewing}
            onResend={onResend}
            resending={resend.isPending ? (resend.variables ?? null) : null}
          />
        )}
      </ListState>
    </ListScreen>
  );
}
