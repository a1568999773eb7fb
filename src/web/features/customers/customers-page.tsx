import { useQuery } from "@tanstack/react-query";
import { Building2, Stethoscope, Users, Warehouse } from "lucide-react";
import { useDeferredValue, useState } from "react";
import {
  type Customer,
  type CustomerListQuery,
  type CustomerSummary,
  type CustomerType,
  customerTypeLabels,
  customerTypes,
} from "../../../contract/customers";
import { AddButton } from "../../components/add-button";
import { ChoiceSelect } from "../../components/choice-select";
import { FilterBar, ListScreen, ListState, type Stat } from "../../components/list-screen";
import { ListSearch } from "../../components/list-search";
import { SortSelect } from "../../components/sort-select";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { optionsOf } from "../../components/ui/field";
import { toastOutcome } from "../../components/ui/use-toast";
import { sortOf, useListParams } from "../../lib/use-list-params";
import { usePage } from "../../lib/use-page";
import { useNewParam } from "../../lib/use-search-param";
import { customerQueries, useDeactivateCustomer, useUpdateCustomer } from "./api";
import { CustomerCard } from "./customer-card";
import { CustomerFormDialog } from "./customer-form-dialog";
import { MergeDialog } from "./merge-dialog";

const screen = {
  title: "Customer Management",
  subtitle: "Farms, breeders, veterinarians and distributors we serve",
};
const statsOf = (s: CustomerSummary): Stat[] => [
  // The list shows inactive customers too: the card counts what the list shows and says how many are active.
  { label: "Total Customers", value: s.allCustomers, icon: Users, hint: `${s.totalCustomers} active` },
  { label: "Farms", value: s.farms, icon: Warehouse, hint: "active" },
  { label: "Breeders", value: s.breeders, icon: Building2, hint: "active" },
  { label: "Veterinarians", value: s.veterinarians, icon: Stethoscope, hint: "active" },
];

const emptyList = (filtering: boolean) => ({
  icon: Users,
  title: "No customers found",
  hint: filtering ? "Try adjusting your search or filters" : "Get started by adding your first customer",
  testId: "customers-empty",
});

export default function CustomersPage({ canEdit, canMerge }: { canEdit: boolean; canMerge: boolean }) {
  const [merging, setMerging] = useState<Customer>();
  const list = useListParams({ search: "", type: "all", sort: "createdAt", order: "desc" });
  const { search } = list.values;
  const type = list.values.type as CustomerType | "all";
  const filters = {
    search: useDeferredValue(search).trim() || undefined,
    type: type === "all" ? undefined : type,
    ...sortOf<CustomerListQuery>(list.values),
  };
  const page = usePage(filters);
  const customers = useQuery(customerQueries.list({ ...filters, ...page.params }));
  const summary = useQuery(customerQueries.summary());
  const [editing, setEditing] = useState<Customer | undefined>();
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Customer | undefined>();
  const deactivate = useDeactivateCustomer();
  const update = useUpdateCustomer();
  const openForm = (customer?: Customer) => {
    setEditing(customer);
    setFormOpen(true);
  };
  useNewParam(canEdit, openForm);

  const confirmDelete = () =>
    deleting &&
    deactivate.mutate(
      deleting.id,
      toastOutcome(
        { title: "Customer Deactivated", description: `${deleting.name} is now inactive.` },
        "Failed to delete customer. Please try again.",
        { serverWords: false, after: () => setDeleting(undefined) },
      ),
    );

  const reactivate = (c: Customer) =>
    update.mutate(
      { id: c.id, isActive: true },
      toastOutcome(
        { title: "Customer Reactivated", description: `${c.name} is active again.` },
        "Failed to update customer. Please try again.",
        { serverWords: false },
      ),
    );

  const filtering = search.trim() !== "" || type !== "all";
  return (
    <ListScreen
      {...screen}
      actions={canEdit && <AddButton label="Add Customer" onClick={() => openForm()} />}
      stats={summary.data && statsOf(summary.data)}
      filters={
        <FilterBar>
          <ListSearch
            list={list}
            label="Search customers"
            placeholder="Search by name, email or contact person..."
          />
          <ChoiceSelect
            label="Filter by type"
            all="All Types"
            className="sm:w-52"
            options={optionsOf(customerTypes, customerTypeLabels)}
            value={type}
            onChange={(v) => list.set({ type: v })}
          />
          <SortSelect
            options={[
              ["createdAt:desc", "Newest first"],
              ["createdAt:asc", "Oldest first"],
              ["name:asc", "Name: A to Z"],
              ["name:desc", "Name: Z to A"],
            ]}
            value={list.values}
            onChange={list.set}
          />
        </FilterBar>
      }
      cards
      dialogs={
        <>
          <CustomerFormDialog open={formOpen} onOpenChange={setFormOpen} customer={editing} />
          {merging && <MergeDialog customer={merging} onClose={() => setMerging(undefined)} />}
          <ConfirmDialog
            open={deleting !== undefined}
            onOpenChange={(open) => !open && setDeleting(undefined)}
            title="Delete customer?"
            description={
              <>
                <strong>{deleting?.name}</strong> will be marked inactive. Their orders and history are kept,
                and you can reactivate them later.
              </>
            }
            confirmLabel="Delete"
            pending={deactivate.isPending}
            onConfirm={confirmDelete}
          />
        </>
      }
    >
      <ListState query={customers} page={page} label="customers" empty={emptyList(filtering)}>
        {(rows) =>
          rows.map((c) => (
            <CustomerCard
              key={c.id}
              customer={c}
              canEdit={canEdit}
              onEdit={() => openForm(c)}
              onDelete={() => setDeleting(c)}
              onReactivate={() => reactivate(c)}
              onMerge={canMerge ? () => setMerging(c) : undefined}
            />
          ))
        }
      </ListState>
    </ListScreen>
  );
}
