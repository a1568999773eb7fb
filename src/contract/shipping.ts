export const shipmentStatuses = ["preparing", "shipped", "in_transit", "delivered", "delayed"] as const;
export const carriers = ["DHL Express", "FedEx", "UPS", "Local Courier"] as const;
export const shipmentTemperatures = [
  "-196°C (Liquid Nitrogen)",
  "-80°C (Dry Ice)",
  "2-8°C (Refrigerated)",
  "Room Temperature",
] as const;
