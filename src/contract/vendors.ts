export const vendorTypes = [
  "genetics_supplier",
  "equipment_supplier",
  "feed_supplier",
  "veterinary_supplier",
  "logistics_partner",
] as const;
