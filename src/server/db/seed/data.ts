import type { CustomerType } from "../../../contract/customers";
import type { GeneticData } from "../../../contract/inventory";
import type { StorageUnitType } from "../../../contract/storage";

/** Realistic Kenyan demo records. Dates are given as days before "now" so figures stay current. */

/** LN2 history: refilled `refilledDaysAgo` to `levelAfterPct`, losing `lossPctPerDay` since (daily dips). */
export interface SeedTank {
  capacityLitres: number;
  fullLevelCm: number;
  refilledDaysAgo: number;
  litres: number;
  levelAfterPct: number;
  lossPctPerDay: number;
}

export const seedStorageUnits: {
  name: string;
  unitType: StorageUnitType;
  location: string;
  temperature: number;
  ln2?: SeedTank;
}[] = [
  {
    name: "LN2-Tank-A",
    unitType: "liquid_nitrogen",
    location: "Nakuru Main Lab, Bay 1",
    temperature: -196,
    ln2: {
      capacityLitres: 47,
      fullLevelCm: 60,
      refilledDaysAgo: 9,
      litres: 30,
      levelAfterPct: 96,
      lossPctPerDay: 1.6,
    },
  },
  {
    name: "LN2-Tank-B",
    unitType: "liquid_nitrogen",
    location: "Nakuru Main Lab, Bay 2",
    temperature: -178.5,
    ln2: {
      capacityLitres: 47,
      fullLevelCm: 60,
      refilledDaysAgo: 18,
      litres: 28,
      levelAfterPct: 94,
      lossPctPerDay: 2.6,
    },
  },
  {
    // Far from the plant and overdue: a level warning and a refill alert on the demo dashboard.
    name: "LN2-Tank-C",
    unitType: "liquid_nitrogen",
    location: "Eldoret Satellite Store",
    temperature: -142,
    ln2: {
      capacityLitres: 35,
      fullLevelCm: 55,
      refilledDaysAgo: 22,
      litres: 24,
      levelAfterPct: 92,
      lossPctPerDay: 2.5,
    },
  },
  { name: "DryIce-Shipper-1", unitType: "dry_ice", location: "Nakuru Dispatch", temperature: -78 },
  {
    name: "Fridge-Lab-1",
    unitType: "refrigerated",
    location: "Nakuru Main Lab, Prep Room",
    temperature: 4.5,
  },
];

export type SeedItem = {
  itemId: string;
  type: "embryo" | "sperm";
  breedName: string;
  acquiredFrom: string;
  viabilityStatus: "viable" | "expired" | "compromised";
  /** On hand before the seeded orders are applied. */
  stock: number;
  unit: string;
  location: string;
  costPerUnit: number;
  acquiredDaysAgo: number;
  expiresInDays: number;
  description: string;
  descriptionSw: string;
  geneticData: GeneticData;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** A seed item as its inventory row: received `createdAt`, expiring its days after `now`, nothing reserved. */
export const seedItemRow = (i: SeedItem, storageUnitId: number, now: Date, createdAt: Date) => ({
  itemId: i.itemId,
  type: i.type,
  breedName: i.breedName,
  acquiredFrom: i.acquiredFrom,
  viabilityStatus: i.viabilityStatus,
  currentStock: i.stock,
  reservedStock: 0,
  storageLocation: i.location,
  storageUnitId,
  costPerUnit: i.costPerUnit,
  taxType: i.type === "sperm" ? ("A" as const) : null,
  description: i.description,
  descriptionSw: i.descriptionSw,
  geneticData: i.geneticData,
  expiryDate: new Date(now.getTime() + i.expiresInDays * DAY_MS).toISOString().slice(0, 10),
  createdAt,
});

export const seedInventory: SeedItem[] = [
  {
    itemId: "EMB-HF-001",
    type: "embryo",
    breedName: "Holstein Friesian",
    acquiredFrom: "URUS Genetics Brazil",
    viabilityStatus: "viable",
    stock: 48,
    unit: "LN2-Tank-A",
    location: "Canister 1, Goblet A",
    costPerUnit: 85_000,
    acquiredDaysAgo: 300,
    expiresInDays: 900,
    description: "Sexed female IVF embryos from elite Holstein donors; high milk yield.",
    descriptionSw: "Viinitete vya kike (sexed) vya IVF kutoka kwa ng'ombe bora wa Holstein; maziwa mengi.",
    geneticData: {
      category: "dairy",
      origin: "Brazil",
      milk_yield: "10,500 L/lactation",
      weight_gain: "0.8 kg/day",
      heat_tolerance: "Moderate",
      breeding_value: 92,
      region_suitability: ["Central", "Rift Valley", "Western"],
    },
  },
  {
    itemId: "EMB-JE-002",
    type: "embryo",
    breedName: "Jersey",
    acquiredFrom: "KAGRC Kenya",
    viabilityStatus: "viable",
    stock: 32,
    unit: "LN2-Tank-A",
    location: "Canister 2, Goblet B",
    costPerUnit: 65_000,
    acquiredDaysAgo: 250,
    expiresInDays: 700,
    description: "Jersey embryos with high butterfat; suited to smallholder zero-grazing.",
    descriptionSw:
      "Viinitete vya Jersey vyenye mafuta mengi kwenye maziwa; vinafaa ufugaji wa ndani kwa wakulima wadogo.",
    geneticData: {
      category: "dairy",
      origin: "Kenya",
      milk_yield: "6,200 L/lactation",
      weight_gain: "0.6 kg/day",
      heat_tolerance: "Good",
      breeding_value: 86,
      region_suitability: ["Western", "Central", "Coastal"],
    },
  },
  {
    itemId: "SEM-HF-101",
    type: "sperm",
    breedName: "Holstein Friesian",
    acquiredFrom: "URUS Genetics Brazil",
    viabilityStatus: "viable",
    stock: 260,
    unit: "LN2-Tank-A",
    location: "Canister 3",
    costPerUnit: 4_500,
    acquiredDaysAgo: 330,
    expiresInDays: 1200,
    description: "Sexed semen from a proven Holstein sire; daughters average 35 L/day.",
    descriptionSw:
      "Mbegu za jinsia (sexed) kutoka kwa dume wa Holstein aliyethibitishwa; mabinti hukamuliwa wastani wa lita 35 kwa siku.",
    geneticData: {
      category: "dairy",
      origin: "Brazil",
      milk_yield: "11,000 L/lactation",
      heat_tolerance: "Moderate",
      breeding_value: 94,
      region_suitability: ["Central", "Rift Valley"],
    },
  },
  {
    itemId: "SEM-AY-102",
    type: "sperm",
    breedName: "Ayrshire",
    acquiredFrom: "KAGRC Kenya",
    viabilityStatus: "viable",
    stock: 185,
    unit: "LN2-Tank-B",
    location: "Canister 1",
    costPerUnit: 3_500,
    acquiredDaysAgo: 280,
    expiresInDays: 1000,
    description: "Hardy Ayrshire sire for high-altitude dairy herds.",
    descriptionSw: "Dume imara wa Ayrshire kwa mifugo ya maziwa ya maeneo ya miinuko.",
    geneticData: {
      category: "dairy",
      origin: "Kenya",
      milk_yield: "7,800 L/lactation",
      heat_tolerance: "Good",
      breeding_value: 84,
      region_suitability: ["Rift Valley", "Central"],
    },
  },
  {
    itemId: "SEM-SA-103",
    type: "sperm",
    breedName: "Sahiwal",
    acquiredFrom: "KAGRC Kenya",
    viabilityStatus: "viable",
    stock: 120,
    unit: "LN2-Tank-B",
    location: "Canister 2",
    costPerUnit: 3_000,
    acquiredDaysAgo: 200,
    expiresInDays: 1100,
    description: "Heat- and tick-tolerant Sahiwal for semi-arid dual-purpose herds.",
    descriptionSw:
      "Sahiwal anayestahimili joto na kupe, kwa mifugo ya maziwa na nyama katika maeneo kame kiasi.",
    geneticData: {
      category: "dual_purpose",
      origin: "Kenya",
      milk_yield: "3,000 L/lactation",
      weight_gain: "0.7 kg/day",
      heat_tolerance: "Excellent",
      breeding_value: 80,
      region_suitability: ["Eastern", "Northern", "Coastal"],
    },
  },
  {
    itemId: "EMB-BO-004",
    type: "embryo",
    breedName: "Boran",
    acquiredFrom: "Ol Pejeta Ranch",
    viabilityStatus: "viable",
    stock: 18,
    unit: "LN2-Tank-C",
    location: "Canister 1, Goblet C",
    costPerUnit: 70_000,
    acquiredDaysAgo: 180,
    expiresInDays: 600,
    description: "Improved Boran beef embryos; fast growth on rangeland.",
    descriptionSw: "Viinitete vya Boran vilivyoboreshwa kwa nyama; hukua haraka malishoni.",
    geneticData: {
      category: "beef",
      origin: "Kenya",
      weight_gain: "1.1 kg/day",
      heat_tolerance: "Excellent",
      breeding_value: 88,
      region_suitability: ["Northern", "Eastern", "Coastal"],
    },
  },
  {
    itemId: "SEM-BO-104",
    type: "sperm",
    breedName: "Boran",
    acquiredFrom: "Ol Pejeta Ranch",
    viabilityStatus: "viable",
    stock: 95,
    unit: "LN2-Tank-C",
    location: "Canister 2",
    costPerUnit: 3_200,
    acquiredDaysAgo: 150,
    expiresInDays: 900,
    description: "Boran sire semen for beef crossbreeding programmes.",
    descriptionSw: "Mbegu za dume wa Boran kwa mpango wa kuchanganya mbari za nyama.",
    geneticData: {
      category: "beef",
      origin: "Kenya",
      weight_gain: "1.0 kg/day",
      heat_tolerance: "Excellent",
      breeding_value: 83,
      region_suitability: ["Northern", "Eastern"],
    },
  },
  {
    itemId: "EMB-GI-005",
    type: "embryo",
    breedName: "Girolando (Gir x Holstein)",
    acquiredFrom: "URUS Genetics Brazil",
    viabilityStatus: "viable",
    stock: 16,
    unit: "LN2-Tank-A",
    location: "Canister 4, Goblet A",
    costPerUnit: 95_000,
    acquiredDaysAgo: 120,
    expiresInDays: 800,
    description: "5/8 Girolando embryos: tropical dairy performance with heat tolerance.",
    descriptionSw: "Viinitete vya Girolando 5/8: maziwa mazuri katika joto la tropiki, na kustahimili joto.",
    geneticData: {
      category: "dairy",
      origin: "Brazil_Kenya",
      milk_yield: "7,500 L/lactation",
      heat_tolerance: "Very good",
      breeding_value: 90,
      region_suitability: ["Coastal", "Eastern", "Western"],
    },
  },
  {
    itemId: "SEM-GI-105",
    type: "sperm",
    breedName: "Gir",
    acquiredFrom: "URUS Genetics Brazil",
    viabilityStatus: "viable",
    stock: 150,
    unit: "LN2-Tank-B",
    location: "Canister 3",
    costPerUnit: 5_500,
    acquiredDaysAgo: 90,
    expiresInDays: 1300,
    description: "Dairy Gir sire semen for building Girolando herds.",
    descriptionSw: "Mbegu za dume wa Gir wa maziwa, kwa kujenga mifugo ya Girolando.",
    geneticData: {
      category: "dual_purpose",
      origin: "Brazil",
      milk_yield: "4,500 L/lactation",
      heat_tolerance: "Excellent",
      breeding_value: 87,
      region_suitability: ["Coastal", "Eastern"],
    },
  },
  {
    itemId: "EMB-AY-006",
    type: "embryo",
    breedName: "Ayrshire",
    acquiredFrom: "KAGRC Kenya",
    viabilityStatus: "viable",
    stock: 10,
    unit: "LN2-Tank-C",
    location: "Canister 3, Goblet B",
    costPerUnit: 60_000,
    acquiredDaysAgo: 60,
    expiresInDays: 650,
    description: "Ayrshire embryos for highland dairy farms.",
    descriptionSw: "Viinitete vya Ayrshire kwa mashamba ya maziwa ya nyanda za juu.",
    geneticData: {
      category: "dairy",
      origin: "Kenya",
      milk_yield: "7,200 L/lactation",
      heat_tolerance: "Good",
      breeding_value: 82,
      region_suitability: ["Rift Valley", "Central"],
    },
  },
  {
    itemId: "SEM-JE-106",
    type: "sperm",
    breedName: "Jersey",
    acquiredFrom: "URUS Genetics Brazil",
    viabilityStatus: "viable",
    stock: 210,
    unit: "LN2-Tank-A",
    location: "Canister 5",
    costPerUnit: 4_000,
    acquiredDaysAgo: 45,
    expiresInDays: 1200,
    description: "Sexed Jersey semen; calving ease sire.",
    descriptionSw: "Mbegu za Jersey za jinsia (sexed); dume ambaye ndama wake huzaliwa kwa urahisi.",
    geneticData: {
      category: "dairy",
      origin: "Brazil",
      milk_yield: "6,800 L/lactation",
      heat_tolerance: "Good",
      breeding_value: 89,
      region_suitability: ["Western", "Central"],
    },
  },
  {
    itemId: "EMB-GI-008",
    type: "embryo",
    breedName: "Girolando (Gir x Holstein)",
    acquiredFrom: "Urithi Nakuru ET Programme",
    viabilityStatus: "viable",
    stock: 6,
    unit: "LN2-Tank-B",
    location: "Canister 4, Goblet C",
    costPerUnit: 90_000,
    acquiredDaysAgo: 20,
    expiresInDays: 25,
    description: "Locally flushed Girolando embryos from the Nakuru donor herd.",
    descriptionSw: "Viinitete vya Girolando vilivyovunwa hapa nchini kutoka kwa mifugo wafadhili wa Nakuru.",
    geneticData: {
      category: "dairy",
      origin: "Brazil_Kenya",
      milk_yield: "7,000 L/lactation",
      heat_tolerance: "Very good",
      breeding_value: 85,
      region_suitability: ["Coastal", "Eastern", "Rift Valley"],
    },
  },
  {
    itemId: "EMB-HF-007",
    type: "embryo",
    breedName: "Holstein Friesian",
    acquiredFrom: "URUS Genetics Brazil",
    viabilityStatus: "expired",
    stock: 5,
    unit: "LN2-Tank-C",
    location: "Canister 5, Goblet A",
    costPerUnit: 80_000,
    acquiredDaysAgo: 900,
    expiresInDays: -30,
    description: "Older Holstein embryo batch past its viability date.",
    descriptionSw: "Kundi la zamani la viinitete vya Holstein lililopita tarehe ya kufaa.",
    geneticData: {
      category: "dairy",
      origin: "Brazil",
      milk_yield: "9,800 L/lactation",
      heat_tolerance: "Moderate",
      breeding_value: 88,
      region_suitability: ["Central"],
    },
  },
  {
    itemId: "SEM-SA-107",
    type: "sperm",
    breedName: "Sahiwal",
    acquiredFrom: "KAGRC Kenya",
    viabilityStatus: "compromised",
    stock: 40,
    unit: "LN2-Tank-C",
    location: "Canister 6",
    costPerUnit: 2_800,
    acquiredDaysAgo: 240,
    expiresInDays: 500,
    description: "Batch held back after a nitrogen top-up delay; pending motility test.",
    descriptionSw:
      "Kundi lililozuiliwa baada ya kuchelewa kujaza naitrojeni; linasubiri kipimo cha uhai wa mbegu.",
    geneticData: {
      category: "dual_purpose",
      origin: "Kenya",
      milk_yield: "2,800 L/lactation",
      heat_tolerance: "Excellent",
      breeding_value: 76,
      region_suitability: ["Eastern", "Northern"],
    },
  },
];

type SeedCustomer = {
  name: string;
  type: CustomerType;
  email: string;
  phone: string;
  address: string;
  contactPerson: string;
  notes?: string;
  isActive?: boolean;
  joinedDaysAgo: number;
};

export const seedCustomers: SeedCustomer[] = [
  {
    name: "Kiambu Dairy Farm",
    type: "farm",
    email: "info@kiambudairy.co.ke",
    phone: "+254 722 410 233",
    address: "Limuru Road, Kiambu",
    contactPerson: "Peter Kamau",
    joinedDaysAgo: 360,
    notes: "120 Friesian milkers; prefers sexed semen.",
  },
  {
    name: "Rift Valley Breeders Ltd",
    type: "breeder",
    email: "orders@rvbreeders.co.ke",
    phone: "+254 733 228 901",
    address: "Njoro, Nakuru County",
    contactPerson: "Mary Chebet",
    joinedDaysAgo: 340,
  },
  {
    name: "Wanjiru Veterinary Services",
    type: "veterinarian",
    email: "dr.wanjiru@vetcare.co.ke",
    phone: "+254 711 903 442",
    address: "Kimathi Street, Nyeri",
    contactPerson: "Dr. Lucy Wanjiru",
    joinedDaysAgo: 320,
  },
  {
    name: "Maasai Mara Livestock Distributors",
    type: "distributor",
    email: "sales@maralivestock.co.ke",
    phone: "+254 701 556 120",
    address: "Narok Town, Narok County",
    contactPerson: "Daniel ole Sankale",
    joinedDaysAgo: 300,
  },
  {
    name: "Kericho Highlands Dairy",
    type: "farm",
    email: "farm@kerichohighlands.co.ke",
    phone: "+254 720 334 876",
    address: "Kericho-Kisumu Road, Kericho",
    contactPerson: "Samuel Langat",
    joinedDaysAgo: 260,
  },
  {
    name: "Eldoret Genetics Co-operative",
    type: "breeder",
    email: "coop@eldoretgenetics.co.ke",
    phone: "+254 724 781 009",
    address: "Uganda Road, Eldoret",
    contactPerson: "Ruth Jepkosgei",
    joinedDaysAgo: 220,
  },
  {
    name: "Coast Cattle Breeders",
    type: "breeder",
    email: "hello@coastcattle.co.ke",
    phone: "+254 735 660 341",
    address: "Mariakani, Kilifi County",
    contactPerson: "Hassan Mwinyi",
    joinedDaysAgo: 180,
  },
  {
    name: "Meru Livestock Clinic",
    type: "veterinarian",
    email: "clinic@merulivestock.co.ke",
    phone: "+254 716 442 808",
    address: "Makutano, Meru",
    contactPerson: "Dr. Kenneth Murithi",
    joinedDaysAgo: 150,
  },
  {
    name: "Kisumu Agro Distributors",
    type: "distributor",
    email: "info@kisumuagro.co.ke",
    phone: "+254 729 118 540",
    address: "Oginga Odinga Street, Kisumu",
    contactPerson: "Beatrice Atieno",
    joinedDaysAgo: 120,
  },
  {
    name: "Laikipia Boran Ranch",
    type: "farm",
    email: "manager@laikipiaboran.co.ke",
    phone: "+254 722 905 671",
    address: "Nanyuki, Laikipia County",
    contactPerson: "Joseph Lekishon",
    joinedDaysAgo: 90,
    notes: "Beef herd of 800 Boran; ET programme client.",
  },
  {
    name: "Machakos Dairy Co-operative",
    type: "farm",
    email: "secretary@machakosdairy.co.ke",
    phone: "+254 713 277 394",
    address: "Mwatu wa Ngoma Road, Machakos",
    contactPerson: "Esther Mwikali",
    joinedDaysAgo: 40,
  },
  {
    name: "Naivasha Vet Partners",
    type: "veterinarian",
    email: "team@naivashavet.co.ke",
    phone: "+254 740 118 262",
    address: "Moi South Lake Road, Naivasha",
    contactPerson: "Dr. Paul Njoroge",
    joinedDaysAgo: 12,
  },
  {
    name: "Nyandarua Highland Farms",
    type: "farm",
    email: "accounts@nyandaruafarms.co.ke",
    phone: "+254 718 640 915",
    address: "Ol Kalou, Nyandarua",
    contactPerson: "Agnes Wairimu",
    joinedDaysAgo: 330,
    isActive: false,
    notes: "Closed dairy operation in 2026.",
  },
];

/** The demo client's own farm (the customer record of client@urithi.co.ke). */
export const demoClientFarm = {
  name: "Mwangi Family Farm",
  type: "farm" as const,
  email: "client@urithi.co.ke",
  phone: "+254 712 345 678",
  address: "Githunguri, Kiambu County",
  contactPerson: "John Mwangi",
  joinedDaysAgo: 200,
};

/** Demo staff mobiles, so storage alarms by SMS have someone to reach (shown on the messages page). */
export const demoStaffPhones: Record<string, string> = {
  "director1@urithi.co.ke": "+254 722 500 101",
  "director2@urithi.co.ke": "+254 722 500 102",
  "scientist@urithi.co.ke": "+254 722 500 103",
  "sales@urithi.co.ke": "+254 722 500 104",
  "lab@urithi.co.ke": "+254 722 500 105",
  "logistics@urithi.co.ke": "+254 722 500 106",
  "field@urithi.co.ke": "+254 722 500 107",
};

export const seedVendors = [
  {
    name: "URUS Genetics Brazil",
    type: "genetics_supplier",
    email: "export@urus.com.br",
    phone: "+55 34 3318 9000",
    address: "Uberaba, Minas Gerais, Brazil",
    contactPerson: "Carlos Mendes",
    specialization: "Holstein, Gir and Girolando embryos and sexed semen",
    rating: 5,
  },
  {
    name: "Kenya Animal Genetic Resources Centre (KAGRC)",
    type: "genetics_supplier",
    email: "info@kagrc.go.ke",
    phone: "+254 20 2040 401",
    address: "Kabete, Nairobi",
    contactPerson: "Dr. Stephen Kimani",
    specialization: "Local Ayrshire, Sahiwal and Jersey semen",
    rating: 4,
  },
  {
    name: "Cryo Equipment East Africa",
    type: "equipment_supplier",
    email: "sales@cryoea.co.ke",
    phone: "+254 20 445 7788",
    address: "Industrial Area, Nairobi",
    contactPerson: "Alice Nduta",
    specialization: "LN2 dewars, straws, goblets",
    rating: 4,
  },
  {
    name: "BOC Kenya",
    type: "equipment_supplier",
    email: "lngas@boc.co.ke",
    phone: "+254 20 694 4000",
    address: "Kitui Road, Nairobi",
    contactPerson: "Felix Odhiambo",
    specialization: "Liquid nitrogen supply and refills",
    rating: 5,
  },
  {
    name: "Unga Farm Care",
    type: "feed_supplier",
    email: "farmcare@unga.co.ke",
    phone: "+254 20 393 6000",
    address: "Ngano House, Nairobi",
    contactPerson: "Janet Muthoni",
    specialization: "Donor and recipient cow nutrition",
    rating: 3,
  },
  {
    name: "Cooper K-Brands",
    type: "veterinary_supplier",
    email: "orders@cooperkbrands.co.ke",
    phone: "+254 20 391 8000",
    address: "Mombasa Road, Nairobi",
    contactPerson: "Victor Oduya",
    specialization: "Hormones, synchronisation protocols, AI consumables",
    rating: 4,
  },
  {
    name: "Rift Cold Chain Logistics",
    type: "logistics_partner",
    email: "ops@riftcoldchain.co.ke",
    phone: "+254 51 221 0455",
    address: "Nakuru Town",
    contactPerson: "Kevin Rotich",
    specialization: "Temperature-controlled delivery in the Rift Valley",
    rating: 4,
    isActive: false,
  },
] as const;
