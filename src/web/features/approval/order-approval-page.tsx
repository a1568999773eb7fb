import { useQuery } from "@tanstack/react-query";
import { ClipboardCheck } from "lucide-react";
import { useState } from "react";
import type { SessionUser } from "../../../contract/auth";
import { can } from "../../../contract/roles";
import { ListState } from "../../components/list-screen";
import { PageHeader } from "../../components/page-header";
import { usePage } from "../../lib/use-page";
import { approvalQueries } from "./api";
import { ApprovalDetails } from "./approval-details";
import { Decision } from "./decision";
import { PendingOrderList } from "./pending-order-list";

const listing = {
  label: "pending orders",
  empty: {
    icon: ClipboardCheck,
    title: "No orders awaiting approval",
    hint: "New client orders appear here.",
  },
};

export default function OrderApprovalPage({ user }: { user: SessionUser }) {
  const page = usePage();
  const pending = useQuery(approvalQueries.pending(page.params));
  const [selectedId, setSelectedId] = useState<number>();

  return (
    <div>
      <PageHeader
        title="Order Approval"
        subtitle="Directors and the Chief Scientist only: review and decide pending orders"
      />
      <ListState query={pending} page={page} {...listing}>
        {(list) => {
          const selected = list.find((o) => o.id === selectedId) ?? list[0];
          return (
            <div className="grid gap-6 lg:grid-cols-[340px_1fr]">
              <PendingOrderList orders={list} selected={selected} onSelect={setSelectedId} />
              {selected && (
                <div className="min-w-0 space-y-4">
                  <ApprovalDetails order={selected} />
                  <Decision
                    key={selected.id}
                    order={selected}
                    approver={`${user.firstName} ${user.lastName}`}
                    mayGiveCredit={user.role === "director"}
                    ownOrder={selected.createdByUserId === user.id}
                    needsDirector={selected.discountOverLimit && !can(user.role, "pricing")}
                    onDone={() => setSelectedId(undefined)}
                  />
                </div>
              )}
            </div>
          );
        }}
      </ListState>
    </div>
  );
}
