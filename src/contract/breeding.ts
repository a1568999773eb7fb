export const breedTypes = ["Holstein", "Friesian", "Jersey", "Ayrshire", "Zebu", "Sahiwal"] as const;
export const serviceTypes = ["AI", "ET", "Natural"] as const;
export const breedingStatuses = ["breeding", "pregnant", "calved", "failed", "open"] as const;
export const GESTATION_DAYS = 280;
/** The four vets who perform services; the first is the form's default. */
export const technicians = [
  "Dr. Sarah Wanjiku",
  "Dr. Michael Ochieng",
  "Dr. Grace Muthoni",
  "Dr. Peter Kiprotich",
] as const;
