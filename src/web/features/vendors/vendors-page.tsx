import { useQuery } from "@tanstack/react-query";
import { Dna, Plus, Store, Wrench } from "lucide-react";
import { useState } from "react";
import { type Vendor, vendorTypeLabels } from "../../../contract/vendors";
import { ListScreen, ListState } from "../../components/list-screen";
import { Button } from "../../components/ui/button";
import { DetailsDialog } from "../../components/ui/details-dialog";
import { toast } from "../../components/ui/use-toast";
import { usePage } from "../../lib/use-page";
import { AddVendorDialog } from "./add-vendor-dialog";
import { useUpdateVendor, vendorQueries } from "./api";
import { StarRating } from "./star-rating";
import { type VendorChange, VendorTable } from "./vendor-table";

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
  const page = usePage();
  const vendors = useQuery(vendorQueries.list(page.params));
  const summary = useQuery(vendorQueries.summary());
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<Vendor>();
  const updateVendor = useUpdateVendor();
  const update = (vendor: Vendor, change: VendorChange) =>
    updateVendor.mutate(
      { id: vendor.id, change },
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
    <ListScreen
      title="Vendor Management"
      subtitle="Genetics suppliers, equipment, feed, veterinary and logistics partners"
      actions={
        <Button onClick={() => setOpen(true)}>
          <Plus /> Add Vendor
        </Button>
      }
      statsLoading={summary.isLoading}
      stats={[
        { label: "Total Vendors", value: s?.totalVendors, icon: Store },
        { label: "Active Vendors", value: s?.activeVendors, icon: Store },
        { label: "Genetics Suppliers", value: s?.geneticsSuppliers, icon: Dna },
        { label: "Equipment Suppliers", value: s?.equipmentSuppliers, icon: Wrench },
      ]}
      listTitle="Vendor Directory"
      dialogs={
        <>
          <AddVendorDialog open={open} onOpenChange={setOpen} />
          <VendorDetails vendor={viewing} onClose={() => setViewing(undefined)} />
        </>
      }
    >
      <ListState
        query={vendors}
        page={page}
        label="vendors"
        empty={{ icon: Store, title: "No vendors found" }}
      >
        {(rows) => <VendorTable vendors={rows} onView={setViewing} onChange={update} />}
      </ListState>
    </ListScreen>
  );
}
