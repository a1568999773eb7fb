import { Dna, Eye, Plus, Star, Store, Wrench } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { type Vendor, type VendorInput, vendorTypeLabels, vendorTypes } from "../../../contract/vendors";
import { PageHeader } from "../../components/page-header";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { DetailsDialog } from "../../components/ui/details-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { EmptyState } from "../../components/ui/empty-state";
import { Field } from "../../components/ui/field";
import { FormFooter } from "../../components/ui/form-footer";
import { Input } from "../../components/ui/input";
import { LoadingCards } from "../../components/ui/loading-cards";
import { NativeSelect } from "../../components/ui/native-select";
import { StatCard } from "../../components/ui/stat-card";
import { TableHead } from "../../components/ui/table-head";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { cn } from "../../lib/cn";
import { useFormFields } from "../../lib/use-form-fields";
import { useCreateVendor, useUpdateVendor, useVendorSummary, useVendors } from "./api";

/** Five stars; clicking a star sets the rating (clicking the current one clears to 0). */
function StarRating({ vendor, onRate }: { vendor: Vendor; onRate?: (rating: number) => void }) {
  return (
    <fieldset className="flex" aria-label={`Rating of ${vendor.name}: ${vendor.rating} of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          disabled={!onRate}
          aria-label={`Rate ${vendor.name} ${n} of 5`}
          onClick={() => onRate?.(vendor.rating === n ? 0 : n)}
          className="p-0.5 disabled:cursor-default"
        >
          <Star
            className={cn(
              "h-4 w-4",
              n <= vendor.rating ? "fill-yellow-400 text-yellow-400" : "text-gray-300",
            )}
          />
        </button>
      ))}
    </fieldset>
  );
}

function AddVendorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const empty = {
    name: "",
    type: "genetics_supplier",
    email: "",
    phone: "",
    address: "",
    contactPerson: "",
    specialization: "",
    notes: "",
  };
  const [form, set, setForm] = useFormFields(empty);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset each time the dialog opens
  useEffect(() => {
    if (open) setForm(empty);
  }, [open]);
  const create = useCreateVendor();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.name.trim() || !form.email.trim() || !form.contactPerson.trim()) {
      toast({ variant: "destructive", title: "Error", description: "Please fill in all required fields" });
      return;
    }
    create.mutate(
      { ...form, type: form.type as VendorInput["type"], isActive: true, rating: 5 },
      {
        onSuccess: () => {
          toast({ title: "Success", description: "Vendor added successfully" });
          onOpenChange(false);
        },
        onError: () => toast({ variant: "destructive", title: "Error", description: "Failed to add vendor" }),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Vendor</DialogTitle>
          <DialogDescription>Suppliers and partners start active with five stars.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
          <Field id="v-name" label="Name *">
            <Input id="v-name" value={form.name} onChange={set("name")} />
          </Field>
          <Field id="v-type" label="Type">
            <NativeSelect id="v-type" value={form.type} onChange={set("type")}>
              {vendorTypes.map((t) => (
                <option key={t} value={t}>
                  {vendorTypeLabels[t]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="v-email" label="Email *">
            <Input id="v-email" type="email" value={form.email} onChange={set("email")} />
          </Field>
          <Field id="v-phone" label="Phone">
            <Input id="v-phone" type="tel" value={form.phone} onChange={set("phone")} />
          </Field>
          <Field id="v-contact" label="Contact person *">
            <Input id="v-contact" value={form.contactPerson} onChange={set("contactPerson")} />
          </Field>
          <Field id="v-spec" label="Specialization">
            <Input id="v-spec" value={form.specialization} onChange={set("specialization")} />
          </Field>
          <Field id="v-address" label="Address" className="sm:col-span-2">
            <Input id="v-address" value={form.address} onChange={set("address")} />
          </Field>
          <Field id="v-notes" label="Notes" className="sm:col-span-2">
            <Textarea id="v-notes" rows={2} value={form.notes} onChange={set("notes")} />
          </Field>
          <FormFooter
            className="sm:col-span-2"
            onCancel={() => onOpenChange(false)}
            pending={create.isPending}
            submitLabel="Add Vendor"
            pendingLabel="Adding..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function VendorDetails({ vendor, onClose }: { vendor: Vendor | undefined; onClose: () => void }) {
  if (!vendor) return null;
  const rows: [string, string | null][] = [
    ["Type", vendorTypeLabels[vendor.type]],
    ["Contact", vendor.contactPerson],
    ["Email", vendor.email],
    ["Phone", vendor.phone],
    ["Address", vendor.address],
    ["Specialization", vendor.specialization],
    ["Status", vendor.isActive ? "Active" : "Inactive"],
    ["Notes", vendor.notes],
  ];
  return (
    <DetailsDialog title={vendor.name} description="Vendor record" rows={rows} onClose={onClose}>
      <StarRating vendor={vendor} />
    </DetailsDialog>
  );
}

export default function VendorsPage() {
  const vendors = useVendors();
  const summary = useVendorSummary();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<Vendor>();
  const updateVendor = useUpdateVendor();
  const update = (id: number, change: { isActive: boolean } | { rating: number }) =>
    updateVendor.mutate(
      { id, change },
      {
        onSuccess: () =>
          toast({
            title: "Success",
            description: "rating" in change ? "Vendor rating updated" : "Vendor status updated",
          }),
        onError: () =>
          toast({ variant: "destructive", title: "Error", description: "Failed to update vendor" }),
      },
    );
  const s = summary.data;
  return (
    <div>
      <PageHeader
        title="Vendor Management"
        subtitle="Genetics suppliers, equipment, feed, veterinary and logistics partners"
        actions={
          <Button onClick={() => setOpen(true)}>
            <Plus /> Add Vendor
          </Button>
        }
      />
      {summary.isLoading ? (
        <LoadingCards />
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <StatCard label="Total Vendors" value={s?.totalVendors} icon={Store} />
          <StatCard label="Active Vendors" value={s?.activeVendors} icon={Store} />
          <StatCard label="Genetics Suppliers" value={s?.geneticsSuppliers} icon={Dna} />
          <StatCard label="Equipment Suppliers" value={s?.equipmentSuppliers} icon={Wrench} />
        </div>
      )}
      <Card className="mt-6 p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold">Vendor Directory</h2>
        {vendors.isLoading ? (
          <LoadingCards testId="vendors-loading" />
        ) : !vendors.data?.length ? (
          <EmptyState icon={Store} title="No vendors found" />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[900px] text-left text-sm">
              <TableHead
                columns={["Vendor", "Type", "Contact", "Specialization", "Status", "Rating", "Actions"]}
              />
              <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                {vendors.data.map((v) => (
                  <tr key={v.id} data-testid="vendor-row">
                    <td className="py-2 pr-3 font-medium">{v.name}</td>
                    <td className="py-2 pr-3">{vendorTypeLabels[v.type]}</td>
                    <td className="py-2 pr-3">
                      <p>{v.contactPerson}</p>
                      <p className="text-xs text-gray-500">{v.email}</p>
                    </td>
                    <td className="py-2 pr-3">{v.specialization ?? "–"}</td>
                    <td className="py-2 pr-3">
                      <Badge tone={v.isActive ? "green" : "gray"}>{v.isActive ? "Active" : "Inactive"}</Badge>
                    </td>
                    <td className="py-2 pr-3">
                      <StarRating vendor={v} onRate={(rating) => update(v.id, { rating })} />
                    </td>
                    <td className="py-2">
                      <div className="flex gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`View ${v.name}`}
                          onClick={() => setViewing(v)}
                        >
                          <Eye />
                        </Button>
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => update(v.id, { isActive: !v.isActive })}
                        >
                          {v.isActive ? "Deactivate" : "Activate"}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <AddVendorDialog open={open} onOpenChange={setOpen} />
      <VendorDetails vendor={viewing} onClose={() => setViewing(undefined)} />
    </div>
  );
}
