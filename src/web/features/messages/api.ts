import type { Message, MessageListQuery, MessageSummary } from "../../../contract/messages";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const messageQueries = {
  list: (query: Partial<MessageListQuery>) => getQuery<Message[]>("/api/messages", query),
  summary: () => getQuery<MessageSummary>("/api/messages/summary"),
};

export const useResendMessage = () =>
  useApiMutation((id: number) => apiJson<Message>("POST", `/api/messages/${id}/resend`, {}), {
    invalidates: ["/api/messages"],
  });
