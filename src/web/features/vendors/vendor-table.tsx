import { Eye } from "lucide-react";
import { type Vendor, vendorTypeLabels } from "../../../contract/vendors";
import { DataTable } from "../../components/data-table";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { StarRating } from "./star-rating";

export type VendorChange = { isActive: boolean } | { rating: number };

export function VendorTable({
  vendors,
  onView,
  onChange,
}: {
  vendors: Vendor[];
  onView: (v: Vendor) => void;
  onChange: (v: Vendor, change: VendorChange) => void;
}) {
  return (
    <DataTable
      rows={vendors}
      rowTestId="vendor-row"
      caption="Vendors"
      columns={[
        { header: "Vendor", cell: (v) => v.name, className: "font-medium" },
        { header: "Type", cell: (v) => vendorTypeLabels[v.type] },
        {
          header: "Contact",
          cell: (v) => (
            <div>
              <p>{v.contactPerson}</p>
              <p className="text-xs text-gray-500">{v.email}</p>
            </div>
          ),
        },
        { header: "Specialization", cell: (v) => v.specialization ?? "–" },
        {
          header: "Status",
          cell: (v) => (
            <Badge tone={v.isActive ? "green" : "gray"}>{v.isActive ? "Active" : "Inactive"}</Badge>
          ),
        },
        {
          header: "Rating",
          cell: (v) => <StarRating vendor={v} onRate={(rating) => onChange(v, { rating })} />,
        },
        {
          header: "Actions",
          cell: (v) => (
            <div className="flex gap-2">
              <Button variant="outline" size="sm" aria-label={`View ${v.name}`} onClick={() => onView(v)}>
                <Eye />
              </Button>
              <Button variant="outline" size="sm" onClick={() => onChange(v, { isActive: !v.isActive })}>
                {v.isActive ? "Deactivate" : "Activate"}
              </Button>
            </div>
          ),
        },
      ]}
    />
  );
}
