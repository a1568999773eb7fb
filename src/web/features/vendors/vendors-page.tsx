import { useQuery } from "@tanstack/react-query";
import { Dna, Store, Wrench } from "lucide-react";
import { useDeferredValue, useState } from "react";
import {
  type Vendor,
  type VendorListQuery,
  type VendorSummary,
  vendorTypeLabels,
} from "../../../contract/vendors";
import { AddButton } from "../../components/add-button";
import { FilterBar, ListScreen, ListState, type Stat } from "../../components/list-screen";
import { ListSearch } from "../../components/list-search";
import { SortSelect } from "../../components/sort-select";
import { DetailsDialog } from "../../components/ui/details-dialog";
import { toastOutcome } from "../../components/ui/use-toast";
import { sortOf, useListParams } from "../../lib/use-list-params";
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

const listing = {
  label: "vendors",
  empty: { icon: Store, title: "No vendors found", testId: "vendors-empty" },
};

const screen = {
  title: "Vendor Management",
  subtitle: "Genetics suppliers, equipment, feed, veterinary and logistics partners",
};
const statsOf = (s: VendorSummary): Stat[] => [
  { label: "Total Vendors", value: s.totalVendors, icon: Store },
  { label: "Active Vendors", value: s.activeVendors, icon: Store },
  { label: "Genetics Suppliers", value: s.geneticsSuppliers, icon: Dna },
  { label: "Equipment Suppliers", value: s.equipmentSuppliers, icon: Wrench },
];

const vendorSortOptions = [
  ["createdAt:desc", "Newest first"],
  ["name:asc", "Name: A to Z"],
  ["name:desc", "Name: Z to A"],
  ["rating:desc", "Rating: best first"],
  ["rating:asc", "Rating: lowest first"],
] as const;

export default function VendorsPage() {
  const list = useListParams({ search: "", sort: "createdAt", order: "desc" });
  const filters = {
    search: useDeferredValue(list.values.search).trim() || undefined,
    ...sortOf<VendorListQuery>(list.values),
  };
  const page = usePage(filters);
  const vendors = useQuery(vendorQueries.list({ ...filters, ...page.params }));
  const summary = useQuery(vendorQueries.summary());
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<Vendor>();
  const updateVendor = useUpdateVendor();
  const update = (vendor: Vendor, change: VendorChange) =>
    updateVendor.mutate(
      { id: vendor.id, change },
      toastOutcome(`Vendor ${"rating" in change ? "rating" : "status"} updated`, "Failed to update vendor", {
        serverWords: false,
      }),
    );
  return (
    <ListScreen
      {...screen}
      actions={<AddButton label="Add Vendor" onClick={() => setOpen(true)} />}
      stats={summary.data && statsOf(summary.data)}
      listTitle="Vendor Directory"
      filters={
        <FilterBar>
          <ListSearch
            list={list}
            label="Search vendors"
            placeholder="Search by name, contact, email or specialization..."
          />
          <SortSelect options={vendorSortOptions} value={list.values} onChange={list.set} />
        </FilterBar>
      }
      dialogs={
        <>
          <AddVendorDialog open={open} onOpenChange={setOpen} />
          <VendorDetails vendor={viewing} onClose={() => setViewing(undefined)} />
        </>
      }
    >
      <ListState query={vendors} page={page} {...listing}>
        {(rows) => <VendorTable vendors={rows} onView={setViewing} onChange={update} />}
      </ListState>
    </ListScreen>
  );
}
