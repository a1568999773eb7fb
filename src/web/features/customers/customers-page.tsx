import { Building2, Plus, Stethoscope, Users, Warehouse } from "lucide-react";
import { useDeferredValue, useEffect, useState } from "react";
import {
  type Customer,
  type CustomerType,
  customerTypeLabels,
  customerTypes,
} from "../../../contract/customers";
import { PageHeader } from "../../components/page-header";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingBars } from "../../components/ui/loading-bars";
import { NativeSelect } from "../../components/ui/native-select";
import { SearchInput } from "../../components/ui/search-input";
import { StatCard } from "../../components/ui/stat-card";
import { toast } from "../../components/ui/use-toast";
import { useSearchParam } from "../../lib/use-search-param";
import { useCustomerSummary, useCustomers, useDeactivateCustomer, useUpdateCustomer } from "./api";
import { CustomerCard } from "./customer-card";
import { CustomerFormDialog } from "./customer-form-dialog";

export default function CustomersPage({ canEdit }: { canEdit: boolean }) {
  const [search, setSearch] = useState("");
  const [type, setType] = useState<CustomerType | "all">("all");
  const deferredSearch = useDeferredValue(search);
  const customers = useCustomers({ search: deferredSearch, type });
  const summary = useCustomerSummary();
  const [editing, setEditing] = useState<Customer | undefined>();
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Customer | undefined>();
  const deactivate = useDeactivateCustomer();
  const update = useUpdateCustomer();

  const [newParam, clearNewParam] = useSearchParam("new");

  // The dashboard's Add Customer quick action lands here with ?new=1.
  useEffect(() => {
    if (newParam && canEdit) {
      setEditing(undefined);
      setFormOpen(true);
      clearNewParam();
    }
  }, [newParam, canEdit, clearNewParam]);

  const filtering = search.trim() !== "" || type !== "all";
  const openForm = (customer?: Customer) => {
    setEditing(customer);
    setFormOpen(true);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    deactivate.mutate(deleting.id, {
      onSuccess: (c) => {
        toast({ title: "Customer Deactivated", description: `${c.name} is now inactive.` });
        setDeleting(undefined);
      },
      onError: () =>
        toast({
          variant: "destructive",
          title: "Error",
          description: "Failed to delete customer. Please try again.",
        }),
    });
  };

  const reactivate = (c: Customer) =>
    update.mutate(
      { id: c.id, isActive: true },
      {
        onSuccess: () => toast({ title: "Customer Reactivated", description: `${c.name} is active again.` }),
        onError: () =>
          toast({
            variant: "destructive",
            title: "Error",
            description: "Failed to update customer. Please try again.",
          }),
      },
    );

  return (
    <div>
      <PageHeader
        title="Customer Management"
        subtitle="Farms, breeders, veterinarians and distributors we serve"
        actions={
          canEdit && (
            <Button onClick={() => openForm()}>
              <Plus /> Add Customer
            </Button>
          )
        }
      />

      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Total Customers" value={summary.data?.totalCustomers} icon={Users} />
        <StatCard label="Farms" value={summary.data?.farms} icon={Warehouse} />
        <StatCard label="Breeders" value={summary.data?.breeders} icon={Building2} />
        <StatCard label="Veterinarians" value={summary.data?.veterinarians} icon={Stethoscope} />
      </div>

      <Card className="mb-6 flex flex-col gap-3 p-4 sm:flex-row">
        <SearchInput
          label="Search customers"
          placeholder="Search by name, email or contact person..."
          value={search}
          onChange={setSearch}
        />
        <NativeSelect
          aria-label="Filter by type"
          className="sm:w-52"
          value={type}
          onChange={(e) => setType(e.target.value as CustomerType | "all")}
        >
          <option value="all">All Types</option>
          {customerTypes.map((t) => (
            <option key={t} value={t}>
              {customerTypeLabels[t]}
            </option>
          ))}
        </NativeSelect>
      </Card>

      {customers.isLoading ? (
        <LoadingBars label="Loading customers" />
      ) : customers.isError ? (
        <Card className="p-8 text-center">
          <p className="font-medium">Customers could not be loaded.</p>
          <Button variant="outline" className="mt-3" onClick={() => customers.refetch()}>
            Try again
          </Button>
        </Card>
      ) : customers.data && customers.data.length > 0 ? (
        <div className="space-y-3">
          {customers.data.map((c) => (
            <CustomerCard
              key={c.id}
              customer={c}
              canEdit={canEdit}
              onEdit={() => openForm(c)}
              onDelete={() => setDeleting(c)}
              onReactivate={() => reactivate(c)}
            />
          ))}
        </div>
      ) : (
        <EmptyState
          testId="customers-empty"
          icon={Users}
          title="No customers found"
          hint={
            filtering ? "Try adjusting your search or filters" : "Get started by adding your first customer"
          }
        />
      )}

      <CustomerFormDialog open={formOpen} onOpenChange={setFormOpen} customer={editing} />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete customer?"
        description={
          <>
            <strong>{deleting?.name}</strong> will be marked inactive. Their orders and history are kept, and
            you can reactivate them later.
          </>
        }
        confirmLabel="Delete"
        pending={deactivate.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
