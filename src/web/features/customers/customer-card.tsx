import { Mail, MapPin, Merge, Pencil, Phone, Receipt, RotateCcw, Trash2, User } from "lucide-react";
import { type Customer, customerTypeLabels } from "../../../contract/customers";
import { AuditHistoryButton } from "../../components/audit-trail";
import { RecordCard } from "../../components/record-card";
import { CardAction } from "../../components/row-actions";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { formatPhone } from "../../lib/format";

const typeTone: Record<Customer["type"], BadgeTone> = {
  farm: "green",
  breeder: "blue",
  veterinarian: "purple",
  distributor: "orange",
};

export function CustomerCard({
  customer,
  canEdit,
  onEdit,
  onDelete,
  onReactivate,
  onMerge,
}: {
  customer: Customer;
  canEdit: boolean;
  /** Directors may fold a duplicate into another record. */
  onMerge?: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onReactivate: () => void;
}) {
  return (
    <RecordCard
      testId="customer-card"
      heading={
        <>
          <h3 className="text-lg font-semibold">{customer.name}</h3>
          <Badge tone={typeTone[customer.type]}>{customerTypeLabels[customer.type]}</Badge>
          <Badge tone={customer.isActive ? "green" : "gray"}>
            {customer.isActive ? "Active" : "Inactive"}
          </Badge>
        </>
      }
      aside={
        <div className="flex shrink-0 flex-wrap items-center justify-end gap-2">
          <AuditHistoryButton entity="customers" entityId={customer.id} name={customer.name} />
          {canEdit && (
            <>
              <CardAction icon={Pencil} label="Edit" of={customer.name} onClick={onEdit} />
              {customer.isActive ? (
                <>
                  {onMerge && <CardAction icon={Merge} label="Merge" of={customer.name} onClick={onMerge} />}
                  <CardAction icon={Trash2} label="Delete" of={customer.name} onClick={onDelete} />
                </>
              ) : (
                <CardAction icon={RotateCcw} label="Reactivate" of={customer.name} onClick={onReactivate} />
              )}
            </>
          )}
        </div>
      }
    >
      <div className="grid gap-x-6 gap-y-1 text-sm text-gray-600 sm:grid-cols-2 dark:text-gray-400">
        <span className="flex min-w-0 items-center gap-2">
          <Mail className="h-4 w-4 shrink-0" aria-hidden />
          <span className="truncate">{customer.email}</span>
        </span>
        <span className="flex items-center gap-2">
          <Phone className="h-4 w-4 shrink-0" aria-hidden />
          {formatPhone(customer.phone)}
        </span>
        <span className="flex items-center gap-2">
          <User className="h-4 w-4 shrink-0" aria-hidden />
          {customer.contactPerson}
        </span>
        <span className="flex min-w-0 items-center gap-2">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden />
          <span className="truncate">{customer.address}</span>
        </span>
        {customer.kraPin && (
          <span className="flex items-center gap-2">
            <Receipt className="h-4 w-4 shrink-0" aria-hidden />
            KRA PIN {customer.kraPin}
          </span>
        )}
      </div>
      {customer.notes && <p className="text-sm text-gray-500 dark:text-gray-400">{customer.notes}</p>}
    </RecordCard>
  );
}
