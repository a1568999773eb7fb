import type { DemoAccount } from "../../../contract/auth";

/** Password of every demo account while demo mode is on. */
export const DEMO_PASSWORD = "demo1234";

export const demoAccounts: DemoAccount[] = [
  {
    email: "director1@urithi.co.ke",
    role: "director",
    roleLabel: "Director",
    name: "Grace Wanjiku",
    description: "All modules, user management, financial control, operations, staff",
  },
  {
    email: "director2@urithi.co.ke",
    role: "director",
    roleLabel: "Director",
    name: "James Otieno",
    description: "All modules, user management, financial control, operations, staff",
  },
  {
    email: "scientist@urithi.co.ke",
    role: "chief_scientist",
    roleLabel: "Chief Scientist",
    name: "Dr. Amina Hassan",
    description: "Research, lab, genetic programs, order approval",
  },
  {
    email: "sales@urithi.co.ke",
    role: "sales_manager",
    roleLabel: "Sales Manager",
    name: "Brian Kiprop",
    description: "Customers, orders, pricing, sales reports",
  },
  {
    email: "lab@urithi.co.ke",
    role: "lab_technician",
    roleLabel: "Lab Technician",
    name: "Faith Achieng",
    description: "Genetic inventory, breeding records, quality control, storage monitoring",
  },
  {
    email: "logistics@urithi.co.ke",
    role: "logistics_coordinator",
    roleLabel: "Logistics Coordinator",
    name: "Daniel Mutua",
    description: "Fulfillment, shipping, delivery tracking, inventory",
  },
  {
    email: "field@urithi.co.ke",
    role: "field_technician",
    roleLabel: "Field Technician",
    name: "Peter Kamau",
    description: "Today's AI and PD visits, the straws in his flask, records in the field",
  },
  {
    email: "client@urithi.co.ke",
    role: "client",
    roleLabel: "Client Portal",
    name: "John Mwangi",
    description: "Browse catalogue, place and track orders, view invoices",
  },
];
