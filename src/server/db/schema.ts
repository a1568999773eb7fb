import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { backupOffsiteStates, backupStatuses, backupTriggers } from "../../contract/backups";
import { breedingStatuses, serviceTypes } from "../../contract/breeding";
import { caneKinds } from "../../contract/cryo-store";
import { customerTypes } from "../../contract/customers";
import { fieldRecordStatuses } from "../../contract/field";
import { transactionStatuses, transactionTypes } from "../../contract/finance";
import { flaskKinds, flaskMovementKinds, flaskStatuses } from "../../contract/flask-rules";
import {
  embryoPreservations,
  embryoProductions,
  proofSources,
  semenTypes,
  toleranceLevels,
} from "../../contract/genetics";
import {
  calfSexes,
  calvingEases,
  cowEventSources,
  cowEventTypes,
  cowStatuses,
  exitReasons,
  outcomeSources,
  pdMethods,
  pdResults,
  reminderKinds,
  reminderStatuses,
} from "../../contract/herd";
import { itemTypes, stockMovementKinds, viabilityStatuses } from "../../contract/inventory";
import { etimsStatuses, type TaxLine, taxDocumentKinds } from "../../contract/invoices";
import { languages } from "../../contract/languages";
import { messageChannels, messageKinds, notifyChannels, outboxStatuses } from "../../contract/messages";
import { currencies } from "../../contract/money";
import {
  orderSources,
  orderStatuses,
  orderTypes,
  paymentMethods,
  paymentStatuses,
} from "../../contract/orders";
import { paymentRecordStatuses } from "../../contract/payments";
import { roles } from "../../contract/roles";
import { serviceKinds, serviceRequestStatuses } from "../../contract/service-rules";
import { shipmentStatuses } from "../../contract/shipping";
import { alertStatuses, storageUnitTypes } from "../../contract/storage";
import { alertSeverities, levelMethods, levelUnits, storageAlertKinds } from "../../contract/tanks";
import { taxTypes } from "../../contract/tax";
import { vendorTypes } from "../../contract/vendors";

const id = () => integer("id").primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const languageEnum = pgEnum("language", languages);

export const roleEnum = pgEnum("role", roles);
export const customerTypeEnum = pgEnum("customer_type", customerTypes);
export const itemTypeEnum = pgEnum("item_type", itemTypes);
export const taxTypeEnum = pgEnum("tax_type", taxTypes);
export const taxDocumentKindEnum = pgEnum("tax_document_kind", taxDocumentKinds);
export const etimsStatusEnum = pgEnum("etims_status", etimsStatuses);
export const viabilityEnum = pgEnum("viability_status", viabilityStatuses);
export const semenTypeEnum = pgEnum("semen_type", semenTypes);
export const proofSourceEnum = pgEnum("proof_source", proofSources);
/** Ordered low < moderate < high, so "at least moderate" is a comparison. */
export const toleranceEnum = pgEnum("tolerance_level", toleranceLevels);
export const embryoPreservationEnum = pgEnum("embryo_preservation", embryoPreservations);
export const embryoProductionEnum = pgEnum("embryo_production", embryoProductions);
export const movementKindEnum = pgEnum("stock_movement_kind", stockMovementKinds);
export const caneKindEnum = pgEnum("cane_kind", caneKinds);
export const storageUnitTypeEnum = pgEnum("storage_unit_type", storageUnitTypes);
export const alertStatusEnum = pgEnum("alert_status", alertStatuses);
export const levelMethodEnum = pgEnum("ln2_level_method", levelMethods);
export const levelUnitEnum = pgEnum("ln2_level_unit", levelUnits);
export const storageAlertKindEnum = pgEnum("storage_alert_kind", storageAlertKinds);
export const alertSeverityEnum = pgEnum("storage_alert_severity", alertSeverities);
export const orderStatusEnum = pgEnum("order_status", orderStatuses);
export const orderTypeEnum = pgEnum("order_type", orderTypes);
export const orderSourceEnum = pgEnum("order_source", orderSources);
export const paymentMethodEnum = pgEnum("payment_method", paymentMethods);
export const currencyEnum = pgEnum("currency", currencies);
export const paymentStatusEnum = pgEnum("payment_status", paymentStatuses);
export const paymentRecordStatusEnum = pgEnum("payment_record_status", paymentRecordStatuses);
export const transactionTypeEnum = pgEnum("transaction_type", transactionTypes);
export const transactionStatusEnum = pgEnum("transaction_status", transactionStatuses);
export const shipmentStatusEnum = pgEnum("shipment_status", shipmentStatuses);
export const serviceTypeEnum = pgEnum("service_type", serviceTypes);
export const breedingStatusEnum = pgEnum("breeding_status", breedingStatuses);
export const vendorTypeEnum = pgEnum("vendor_type", vendorTypes);
export const messageKindEnum = pgEnum("message_kind", messageKinds);
export const messageChannelEnum = pgEnum("message_channel", messageChannels);
export const messageStatusEnum = pgEnum("message_status", outboxStatuses);
export const notifyChannelEnum = pgEnum("notify_channel", notifyChannels);
export const backupStatusEnum = pgEnum("backup_status", backupStatuses);
export const backupTriggerEnum = pgEnum("backup_trigger", backupTriggers);
export const backupOffsiteEnum = pgEnum("backup_offsite", backupOffsiteStates);
export const cowStatusEnum = pgEnum("cow_status", cowStatuses);
export const cowEventTypeEnum = pgEnum("cow_event_type", cowEventTypes);
export const cowEventSourceEnum = pgEnum("cow_event_source", cowEventSources);
export const pdResultEnum = pgEnum("pd_result", pdResults);
export const pdMethodEnum = pgEnum("pd_method", pdMethods);
export const calvingEaseEnum = pgEnum("calving_ease", calvingEases);
export const calfSexEnum = pgEnum("calf_sex", calfSexes);
export const exitReasonEnum = pgEnum("cow_exit_reason", exitReasons);
export const reminderKindEnum = pgEnum("reminder_kind", reminderKinds);
export const reminderStatusEnum = pgEnum("reminder_status", reminderStatuses);
export const outcomeSourceEnum = pgEnum("outcome_source", outcomeSources);
export const serviceKindEnum = pgEnum("service_kind", serviceKinds);
export const flaskKindEnum = pgEnum("flask_kind", flaskKinds);
export const flaskStatusEnum = pgEnum("flask_status", flaskStatuses);
export const flaskMovementKindEnum = pgEnum("flask_movement_kind", flaskMovementKinds);
export const fieldRecordStatusEnum = pgEnum("field_record_status", fieldRecordStatuses);
export const serviceRequestStatusEnum = pgEnum("service_request_status", serviceRequestStatuses);

/** Human-readable order numbers (ORD-2026-000123) come from this sequence. */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1 });

/** Key/value facts about this database, e.g. which seed has been applied. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

export const customers = pgTable(
  "customers",
  {
    id: id(),
    name: text("name").notNull(),
    type: customerTypeEnum("type").notNull(),
    email: text("email"),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    contactPerson: text("contact_person").notNull(),
    /** The buyer's KRA PIN for tax invoices (a farm company claims the expense with it); optional. */
    kraPin: text("kra_pin"),
    notes: text("notes"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What an order search finds the customer by, lower-cased: name, email and phone, a line apart so a search
     * never matches across two of them. Kept by the database, so a search matches it with LIKE: ILIKE lower-
     * cases every customer's text again for each search (decision 58).
     */
    searchWords: text("search_words")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(name || E'\\n' || coalesce(email, '') || E'\\n' || phone)`),
  },
  (t) => [
    index("customers_type_idx").on(t.type, t.isActive),
    // The list's default sort with its tie-break: customers imported together share one created_at.
    index("customers_created_idx").on(t.createdAt, t.id),
    index("customers_name_idx").on(t.name, t.id),
    index("customers_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("customers_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("customers_contact_trgm_idx").using("gin", t.contactPerson.op("gin_trgm_ops")),
    index("customers_phone_trgm_idx").using("gin", t.phone.op("gin_trgm_ops")),
    index("customers_words_trgm_idx").using("gin", t.searchWords.op("gin_trgm_ops")),
    // One active customer per email: a second one is a duplicate to merge, not a new customer.
    uniqueIndex("customers_email_active_key").on(sql`lower(${t.email})`).where(sql`${t.isActive}`),
  ],
);

/**
 * How many customers each type holds, active or not, kept by a trigger on `customers` (drizzle/0080): the
 * customer summary and the report count from it, where they counted every customer on each visit.
 */
export const customerTypeTotals = pgTable(
  "customer_type_totals",
  {
    type: customerTypeEnum("type").notNull(),
    isActive: boolean("is_active").notNull(),
    customers: integer("customers").notNull(),
  },
  (t) => [primaryKey({ columns: [t.type, t.isActive] })],
);

/** Staff and client accounts. A client account is linked to the customer record that its orders belong to. */
export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email"),
    /** Null for staff invited who have not yet set their password. */
    passwordHash: text("password_hash"),
    role: roleEnum("role").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    farmName: text("farm_name"),
    farmType: text("farm_type"),
    location: text("location"),
    county: text("county"),
    herdSize: text("herd_size"),
    experience: text("experience"),
    interests: jsonb("interests").$type<string[]>().notNull().default([]),
    /** The language the person chose for the app and for the messages we send them. */
    language: languageEnum("language").notNull().default("en"),
    /** How order messages reach this person: SMS, email or both. */
    notifyBy: notifyChannelEnum("notify_by").notNull().default("both"),
    notes: text("notes"),
    customerId: integer("customer_id").references(() => customers.id),
    /** Demo accounts sign in only while demo mode is on. */
    isDemo: boolean("is_demo").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** When the person proved the mobile is theirs with an SMS code; cleared when the number changes. */
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    /** Since when the person agrees to marketing messages; null for no (the default). `consents` keeps the history. */
    marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
    /** When the person deleted their account: the row stays, anonymised, for the orders and invoices it holds. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    // A verified mobile leads to one account: a reset code by SMS must know whose password it sets.
    uniqueIndex("users_verified_phone_key").on(t.phone).where(sql`${t.phoneVerifiedAt} is not null`),
    // Only a farmer may have no email: they sign in with a verified mobile. Staff sign in and reset by email.
    check(
      "users_email_or_verified_phone",
      sql`${t.email} is not null or (${t.role} = 'client' and ${t.phoneVerifiedAt} is not null)`,
    ),
    index("users_role_idx").on(t.role),
    // Staff listed by name; clients are not in that list.
    index("users_staff_name_idx").on(t.firstName, t.lastName, t.id).where(sql`${t.role} <> 'client'`),
  ],
);

/**
 * invite and reset: one-time links; code: a 6-digit reset code by SMS; phone: a code that verifies a mobile;
 * deletion: a code that confirms deleting an account that has no password.
 */
export const accountTokenPurposeEnum = pgEnum("account_token_purpose", [
  "invite",
  "reset",
  "code",
  "phone",
  "deletion",
]);

/**
 * One-time links: a staff invite, or a password reset. Only a SHA-256 of the token is stored; a token is
 * used once (used_at) and not after expires_at. Issuing a new one for the same person and purpose ends the
 * older ones.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: accountTokenPurposeEnum("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Wrong guesses at a 6-digit code: it ends after a few, so a code cannot be found by trying them all. */
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    /** The Director who sent it; null when the person asked for it. */
    createdBy: integer("created_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("account_tokens_hash_key").on(t.tokenHash),
    index("account_tokens_user_idx").on(t.userId, t.purpose),
  ],
);

/**
 * The 6-digit codes of the phone sign-in (POST /api/auth/phone/start), kept by number, since the number may
 * not have an account yet: the code signs its holder up. Only a salted hash bound to the number is stored; a
 * code is used once, lasts 15 minutes and ends after five wrong guesses.
 */
export const phoneCodes = pgTable(
  "phone_codes",
  {
    id: id(),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("phone_codes_phone_idx").on(t.phone, t.id)],
);

/**
 * A person's passkeys (WebAuthn credentials on a phone's or laptop's platform authenticator): the public key
 * and the signature counter, which must rise with every sign-in, so a cloned authenticator shows.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential's id as the browser sends it (base64url). */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    /** Synced to the person's cloud account (iCloud, Google), so it survives losing the device. */
    backedUp: boolean("backed_up").notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_key").on(t.credentialId),
    index("passkeys_user_idx").on(t.userId, t.id),
  ],
);

export const webauthnPurposeEnum = pgEnum("webauthn_purpose", ["register", "login"]);

/**
 * A WebAuthn challenge, found by a random handle in an HttpOnly cookie (only its hash is kept). It is deleted
 * when used, so it works once; a registration's is bound to the session that asked for it.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    handleHash: text("handle_hash").primaryKey(),
    purpose: webauthnPurposeEnum("purpose").notNull(),
    challenge: text("challenge").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    sessionId: integer("session_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * The audit trail: who changed what, when, from where, old → new. Rows are written by triggers on the audited
 * tables (migration 0050), in the transaction of the change, from the actor the adapter sets for a staff
 * request that writes; sign-in and sign-out are written by the app. A trigger refuses UPDATE, DELETE and
 * TRUNCATE: rows are only ever added.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id"),
    actorRole: text("actor_role"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    requestId: text("request_id"),
    /** The table changed (customers, orders, inventory_items …) and the row's id. */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    /** create, update, delete, status (a status changed), role (a role changed), sign_in, sign_out. */
    action: text("action").notNull(),
    /** Each changed field as [old, new]; secrets show only that they changed. */
    changes: jsonb("changes").$type<Record<string, [unknown, unknown]>>().notNull().default({}),
  },
  (t) => [
    index("audit_events_at_idx").on(t.at, t.id),
    index("audit_events_entity_idx").on(t.entity, t.entityId, t.id),
    index("audit_events_actor_idx").on(t.actorId, t.id),
    index("audit_events_action_idx").on(t.action, t.id),
  ],
);

/** Every consent a person gave or withdrew, with the words they were shown (DPA 2019: proof of consent). */
export const consents = pgTable(
  "consents",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    granted: boolean("granted").notNull(),
    wording: text("wording").notNull(),
    language: languageEnum("language").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("consents_user_idx").on(t.userId, t.id)],
);

export const dataRequestKindEnum = pgEnum("data_request_kind", ["export", "deletion"]);

/** A person's data requests (an export, a deletion) with their dates, for the ODPC's 7- and 30-day answers. */
export const dataRequests = pgTable(
  "data_requests",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: dataRequestKindEnum("kind").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("data_requests_requested_idx").on(t.requestedAt, t.id)],
);

/** Server-side sessions; only a SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** What the account's session list names a session by; the token hash never leaves the server. */
    id: integer("id").notNull().generatedAlwaysAsIdentity().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    /** Absolute end, whatever the activity: 12 h for staff, 30 days for clients. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
    address: text("address"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_last_seen_idx").on(t.lastSeenAt)],
);

/**
 * Sign-in budgets shared by every app instance: one row per account, per address and per
 * account-and-address pair. An attempt is reserved here before its password is checked.
 */
export const loginAttempts = pgTable("login_attempts", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  /** No attempt on this key is checked before this moment (progressive delay). */
  nextAllowedAt: timestamp("next_allowed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Request counters of the rate limits, shared by every app instance (one row per key and window). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
});

/** Addresses and devices an account has signed in from; failures elsewhere do not block them. */
export const trustedSignIns = pgTable(
  "trusted_sign_ins",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** sha256 of "address:<ip>" or "device:<cookie token>". */
    marker: text("marker").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("trusted_sign_ins_user_marker_idx").on(t.userId, t.marker)],
);

/** Security notices for an account (repeated failed sign-ins), shown on its security page. */
export const accountNotices = pgTable(
  "account_notices",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("account_notices_user_idx").on(t.userId, t.createdAt)],
);

export const storageUnits = pgTable("storage_units", {
  id: id(),
  name: text("name").notNull().unique(),
  unitType: storageUnitTypeEnum("unit_type").notNull(),
  location: text("location").notNull(),
  temperature: numeric("temperature", { precision: 6, scale: 1, mode: "number" }).notNull(),
  alertStatus: alertStatusEnum("alert_status").notNull().default("normal"),
  lastUpdated: timestamp("last_updated", { withTimezone: true }).notNull().defaultNow(),
  /** LN2 tanks: litres held when full, and the dipstick depth of a full tank (to turn cm into %). */
  capacityLitres: numeric("capacity_litres", { precision: 7, scale: 1, mode: "number" }),
  fullLevelCm: numeric("full_level_cm", { precision: 5, scale: 1, mode: "number" }),
  /** Below this LN2 level (%) the top of the canisters may be exposed. */
  minSafeLevelPct: integer("min_safe_level_pct").notNull().default(30),
  createdAt: createdAt(),
});

export const temperatureReadings = pgTable(
  "temperature_readings",
  {
    id: id(),
    storageUnitId: integer("storage_unit_id")
      .notNull()
      .references(() => storageUnits.id),
    temperature: numeric("temperature", { precision: 6, scale: 1, mode: "number" }).notNull(),
    alertStatus: alertStatusEnum("alert_status").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
    recordedBy: integer("recorded_by").references(() => users.id),
    /** A wrong reading is voided, with a reason: it leaves the unit's state and forecast, and stays listed. */
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidedBy: integer("voided_by").references(() => users.id),
    voidReason: text("void_reason"),
  },
  (t) => [index("temperature_readings_unit_idx").on(t.storageUnitId, t.recordedAt)],
);

/** LN2 level readings; `level_pct` is the reading in % of a full tank, whatever was typed. */
export const levelReadings = pgTable(
  "ln2_level_readings",
  {
    id: id(),
    storageUnitId: integer("storage_unit_id")
      .notNull()
      .references(() => storageUnits.id),
    method: levelMethodEnum("method").notNull(),
    unit: levelUnitEnum("unit").notNull(),
    value: numeric("value", { precision: 5, scale: 1, mode: "number" }).notNull(),
    levelPct: numeric("level_pct", { precision: 5, scale: 1, mode: "number" }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
    recordedBy: integer("recorded_by").references(() => users.id),
    /** A wrong reading is voided, with a reason: it leaves the unit's state and forecast, and stays listed. */
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidedBy: integer("voided_by").references(() => users.id),
    voidReason: text("void_reason"),
  },
  (t) => [
    index("ln2_level_readings_unit_idx").on(t.storageUnitId, t.recordedAt),
    check("ln2_level_pct_bounds", sql`${t.levelPct} >= 0 and ${t.levelPct} <= 100`),
  ],
);

export const refills = pgTable(
  "ln2_refills",
  {
    id: id(),
    storageUnitId: integer("storage_unit_id")
      .notNull()
      .references(() => storageUnits.id),
    litres: numeric("litres", { precision: 7, scale: 1, mode: "number" }).notNull(),
    supplier: text("supplier").notNull(),
    refilledAt: timestamp("refilled_at", { withTimezone: true }).notNull(),
    recordedBy: integer("recorded_by").references(() => users.id),
  },
  (t) => [
    index("ln2_refills_unit_idx").on(t.storageUnitId, t.refilledAt),
    check("ln2_refill_litres_positive", sql`${t.litres} > 0`),
  ],
);

/**
 * Alerts raised by readings and the refill forecast. At most one per unit and kind is open (unresolved);
 * acknowledging takes it off the banner; a reading back in range only marks it cleared, and it resolves
 * once both have happened, so a person always closes it.
 */
export const storageAlerts = pgTable(
  "storage_alerts",
  {
    id: id(),
    storageUnitId: integer("storage_unit_id")
      .notNull()
      .references(() => storageUnits.id),
    kind: storageAlertKindEnum("kind").notNull(),
    severity: alertSeverityEnum("severity").notNull(),
    message: text("message").notNull(),
    raisedAt: timestamp("raised_at", { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    acknowledgedBy: integer("acknowledged_by").references(() => users.id),
    acknowledgementNote: text("acknowledgement_note"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** The condition stopped (a new reading): the alert resolves once a person acknowledges it, never alone. */
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
    /** When staff were last alarmed by SMS; an unacknowledged alarm repeats from here. */
    alarmedAt: timestamp("alarmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("storage_alerts_one_open").on(t.storageUnitId, t.kind).where(sql`${t.resolvedAt} is null`),
    index("storage_alerts_raised_idx").on(t.raisedAt),
  ],
);

/**
 * The one source of truth for stock: `current_stock` is on hand, `reserved_stock` is held for orders;
 * available = current_stock - reserved_stock, never negative (CHECK backstop).
 */
export const inventoryItems = pgTable(
  "inventory_items",
  {
    id: id(),
    itemId: text("item_id").notNull().unique(),
    type: itemTypeEnum("type").notNull(),
    breedName: text("breed_name").notNull(),
    acquiredFrom: text("acquired_from").notNull(),
    viabilityStatus: viabilityEnum("viability_status").notNull().default("viable"),
    currentStock: integer("current_stock").notNull().default(0),
    reservedStock: integer("reserved_stock").notNull().default(0),
    storageLocation: text("storage_location").notNull(),
    storageUnitId: integer("storage_unit_id").references(() => storageUnits.id),
    costPerUnit: integer("cost_per_unit").notNull(),
    /** Its KRA eTIMS tax type (A exempt … E 8 %) and item classification code; null: not set, not invoiceable. */
    taxType: taxTypeEnum("tax_type"),
    itemClassCode: text("item_class_code"),
    description: text("description"),
    /** The description in Kiswahili, for clients reading in it; the English one otherwise. */
    descriptionSw: text("description_sw"),
    /**
     * What a farmer may type to find the item, lower-cased: its code, its product name as the cards show it
     * ("Boran Semen") with its kind as SPEC ("sperm") and Kiswahili ("mbegu") say it, both descriptions and
     * its bull's name and registration, a line apart so a search never matches across two of them. Kept by
     * the database, searched through the trigram index below.
     */
    searchWords: text("search_words")
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`lower(item_id || E'\\n' || breed_name || case when type = 'sperm'
          then ' semen sperm mbegu' else ' embryo kiinitete' end || E'\\n' || coalesce(description, '')
          || E'\\n' || coalesce(description_sw, '') || E'\\n' || coalesce(genetics_words, ''))`,
      ),
    geneticData: jsonb("genetic_data").$type<Record<string, unknown>>().notNull(),
    /**
     * The bull's name from `item_genetics`, kept here by the database (migration 0030) and never written by
     * the app, as `genetics_words` below: the catalogue's default order is breed then bull, and with both on one row an index walks
     * it and stops at the page, where a join would read every product of the breed first.
     */
    bullName: text("bull_name"),
    /** `item_genetics.search_words` (bull name and registration), kept here by the same trigger for search. */
    geneticsWords: text("genetics_words"),
    /**
     * The totals behind the rate the catalogue shows for the item (its bull's, or its own for an embryo
     * lot: `fertility_totals` under its `fertility_key`), kept here by the database (migration 0031) so the
     * catalogue sorts by conception rate through an index instead of joining every product's totals.
     */
    fertilityServices: integer("fertility_services").notNull().default(0),
    fertilityConceptions: integer("fertility_conceptions").notNull().default(0),
    /**
     * The services behind those figures, confirmed and farmer-reported apart: the figures are the confirmed
     * ones once there are MIN_SERVICES_FOR_RATE of them, all of them before (migration 0058).
     */
    fertilityConfirmed: integer("fertility_confirmed").notNull().default(0),
    fertilityReported: integer("fertility_reported").notNull().default(0),
    expiryDate: date("expiry_date", { mode: "string" }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "inventory_stock_bounds",
      sql`${t.currentStock} >= 0 and ${t.reservedStock} >= 0 and ${t.reservedStock} <= ${t.currentStock}`,
    ),
    check("inventory_price_nonnegative", sql`${t.costPerUnit} >= 0`),
    index("inventory_items_type_idx").on(t.isActive, t.type, t.viabilityStatus),
    index("inventory_items_breed_trgm_idx").using("gin", t.breedName.op("gin_trgm_ops")),
    index("inventory_items_item_id_trgm_idx").using("gin", t.itemId.op("gin_trgm_ops")),
    index("inventory_items_supplier_trgm_idx").using("gin", t.acquiredFrom.op("gin_trgm_ops")),
    // The expiry job asks for viable items past their date on every instance, every few minutes.
    index("inventory_items_viable_expiry_idx").on(t.expiryDate).where(sql`${t.viabilityStatus} = 'viable'`),
    index("inventory_items_price_idx").on(t.costPerUnit),
    // The list's declared sorts (`inventorySorts`).
    index("inventory_items_breed_idx").on(t.breedName, t.id),
    index("inventory_items_stock_idx").on(t.currentStock, t.id),
    index("inventory_items_expiry_idx").on(t.expiryDate, t.id),
    index("inventory_items_regions_idx").using("gin", sql`(${t.geneticData} -> 'region_suitability')`),
    // The catalogue's default order walks this instead of sorting every product on sale.
    index("inventory_items_on_sale_name_idx")
      .on(t.breedName, t.bullName, t.itemId)
      .where(sql`${t.isActive} and ${t.viabilityStatus} = 'viable'`),
    index("inventory_items_words_trgm_idx").using("gin", t.searchWords.op("gin_trgm_ops")),
    // The catalogue's sort by conception rate (`catalogue/search.ts` writes the same expression; the 20 is
    // MIN_SERVICES_FOR_RATE, below which no rate is shown).
    index("inventory_items_on_sale_fertility_idx")
      .on(
        sql`(case when ${t.fertilityServices} >= 20 then ${t.fertilityConceptions}::float8 / ${t.fertilityServices} end) desc nulls last`,
        t.fertilityServices.desc(),
        t.breedName,
        t.bullName,
        t.itemId,
      )
      .where(sql`${t.isActive} and ${t.viabilityStatus} = 'viable'`),
  ],
);

const decimal = (name: string) => numeric(name, { precision: 6, scale: 2, mode: "number" });

/**
 * An item's structured genetics, one row per item (contract `genetics`): typed columns so the catalogue
 * filters and sorts in SQL. Column names in code match the contract's keys.
 */
export const itemGenetics = pgTable(
  "item_genetics",
  {
    inventoryItemId: integer("inventory_item_id")
      .primaryKey()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    bullName: text("bull_name"),
    registration: text("registration"),
    sireName: text("sire_name"),
    damName: text("dam_name"),
    maternalGrandsire: text("maternal_grandsire"),
    semenType: semenTypeEnum("semen_type"),
    femalePurityPct: smallint("female_purity_pct"),
    milkKg: integer("milk_kg"),
    fatKg: integer("fat_kg"),
    fatPct: decimal("fat_pct"),
    proteinKg: integer("protein_kg"),
    proteinPct: decimal("protein_pct"),
    productiveLifeMonths: decimal("productive_life_months"),
    somaticCellScore: decimal("somatic_cell_score"),
    daughterPregnancyRate: decimal("daughter_pregnancy_rate"),
    calvingEasePct: decimal("calving_ease_pct"),
    indexName: text("index_name"),
    indexValue: integer("index_value"),
    proofSource: proofSourceEnum("proof_source"),
    reliabilityPct: smallint("reliability_pct"),
    proofDate: date("proof_date", { mode: "string" }),
    evaluatedBy: text("evaluated_by"),
    polled: boolean("polled").notNull().default(false),
    a2a2: boolean("a2a2").notNull().default(false),
    kappaCaseinBB: boolean("kappa_casein_bb").notNull().default(false),
    defectFree: boolean("defect_free").notNull().default(false),
    slickGene: boolean("slick_gene").notNull().default(false),
    heatTolerance: toleranceEnum("heat_tolerance"),
    tickResistance: toleranceEnum("tick_resistance"),
    dailyGainG: integer("daily_gain_g"),
    embryoStage: smallint("embryo_stage"),
    embryoGrade: smallint("embryo_grade"),
    preservation: embryoPreservationEnum("preservation"),
    production: embryoProductionEnum("production"),
    damMilkKg: integer("dam_milk_kg"),
    recommendedRecipient: text("recommended_recipient"),
    /** The bull's name and registration, lower-cased, copied to the item's own words for the catalogue. */
    searchWords: text("search_words")
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`lower(coalesce(bull_name, '') || E'\\n' || coalesce(registration, ''))`,
      ),
  },
  (t) => [
    check("item_genetics_purity_range", sql`${t.femalePurityPct} between 50 and 100`),
    check("item_genetics_reliability_range", sql`${t.reliabilityPct} between 0 and 99`),
    check(
      "item_genetics_stage_grade",
      sql`${t.embryoStage} between 1 and 9 and ${t.embryoGrade} between 1 and 4`,
    ),
    // The bull's conception rate gathers every item that carries his registration.
    index("item_genetics_registration_idx").on(t.registration),
    index("item_genetics_milk_idx").on(t.milkKg),
    index("item_genetics_index_idx").on(t.indexValue),
  ],
);

/**
 * `services` and `conceptions` count confirmed outcomes (staff, technician, vet); these count the outcomes
 * farmers reported, apart (migration 0058).
 */
const reportedTotals = {
  reportedServices: integer("reported_services").notNull().default(0),
  reportedConceptions: integer("reported_conceptions").notNull().default(0),
};

/**
 * Services with a known outcome and conceptions per item, kept by a trigger on breeding_records (migration
 * 0024) so the catalogue's conception rates never count the records on a request.
 */
export const itemServiceTotals = pgTable("item_service_totals", {
  inventoryItemId: integer("inventory_item_id")
    .primaryKey()
    .references(() => inventoryItems.id, { onDelete: "cascade" }),
  services: integer("services").notNull().default(0),
  conceptions: integer("conceptions").notNull().default(0),
  ...reportedTotals,
});

/**
 * Services with a known outcome and conceptions per fertility key (`fertility_key()`: a bull's registration
 * for his semen items, else the item), kept by triggers on item_service_totals, item_genetics and
 * inventory_items (migration 0028), so sorting the catalogue by conception rate adds nothing up.
 */
export const fertilityTotals = pgTable("fertility_totals", {
  key: text("key").primaryKey(),
  services: integer("services").notNull().default(0),
  conceptions: integer("conceptions").notNull().default(0),
  ...reportedTotals,
});

/**
 * A batch (lot) of an item: straws or embryos collected together, with their collection date, expiry and,
 * for semen, the post-thaw motility measured on receipt. Every item has at least one; the straws at each
 * position belong to one batch, and pick lists take the batch that expires first (FEFO).
 */
export const stockBatches = pgTable(
  "stock_batches",
  {
    id: id(),
    inventoryItemId: integer("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    code: text("code").notNull(),
    collectedOn: date("collected_on", { mode: "string" }),
    expiryDate: date("expiry_date", { mode: "string" }),
    /** Post-thaw progressive motility, % (semen). */
    motilityPct: integer("motility_pct"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("stock_batches_item_code").on(t.inventoryItemId, t.code),
    // What positions, picks and transfers point at: a batch of that very item.
    uniqueIndex("stock_batches_id_item").on(t.id, t.inventoryItemId),
    check("stock_batches_motility", sql`${t.motilityPct} between 0 and 100`),
  ],
);

/** A canister in a tank; its canes or goblets are all of one kind. */
export const canisters = pgTable(
  "storage_canisters",
  {
    id: id(),
    storageUnitId: integer("storage_unit_id")
      .notNull()
      .references(() => storageUnits.id),
    number: integer("number").notNull(),
    caneKind: caneKindEnum("cane_kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("storage_canisters_unit_number").on(t.storageUnitId, t.number)],
);

/** A cane or goblet: the position straws are stored at and picked from, with its printed label. */
export const canes = pgTable(
  "storage_canes",
  {
    id: id(),
    canisterId: integer("canister_id")
      .notNull()
      .references(() => canisters.id),
    position: integer("position").notNull(),
    label: text("label").notNull().unique(),
    capacity: integer("capacity").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("storage_canes_canister_position").on(t.canisterId, t.position),
    check("storage_canes_capacity_positive", sql`${t.capacity} > 0`),
  ],
);

/**
 * How many straws of an item sit at a cane. `allocated` of them are on open orders' pick lists. The sum
 * over an item's positions never exceeds its on-hand stock; the remainder is "unplaced".
 */
export const stockPositions = pgTable(
  "stock_positions",
  {
    id: id(),
    inventoryItemId: integer("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    batchId: integer("batch_id").notNull(),
    caneId: integer("cane_id")
      .notNull()
      .references(() => canes.id),
    count: integer("count").notNull(),
    allocated: integer("allocated").notNull().default(0),
    /** When the oldest straws here were received: pick lists take the oldest first. */
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("stock_positions_batch_cane").on(t.batchId, t.caneId),
    index("stock_positions_item_idx").on(t.inventoryItemId),
    index("stock_positions_cane_idx").on(t.caneId),
    foreignKey({
      columns: [t.batchId, t.inventoryItemId],
      foreignColumns: [stockBatches.id, stockBatches.inventoryItemId],
      name: "stock_positions_batch_fk",
    }),
    check(
      "stock_positions_bounds",
      sql`${t.count} >= 0 and ${t.allocated} >= 0 and ${t.allocated} <= ${t.count}`,
    ),
  ],
);

/** One line of an order's pick list: take `count` straws of an item from a cane. */
export const orderPicks = pgTable(
  "order_picks",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    inventoryItemId: integer("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    batchId: integer("batch_id").notNull(),
    caneId: integer("cane_id")
      .notNull()
      .references(() => canes.id),
    count: integer("count").notNull(),
    /** Set when the picker scanned or typed the cane's or item's label. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmedBy: integer("confirmed_by").references(() => users.id),
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_picks_order_idx").on(t.orderId),
    index("order_picks_open_item_idx").on(t.inventoryItemId).where(sql`${t.dispatchedAt} is null`),
    index("order_picks_batch_idx").on(t.batchId),
    check("order_picks_count_positive", sql`${t.count} > 0`),
    foreignKey({
      columns: [t.batchId, t.inventoryItemId],
      foreignColumns: [stockBatches.id, stockBatches.inventoryItemId],
      name: "order_picks_batch_fk",
    }),
  ],
);

/** Straws moved from one position to another, possibly another tank. */
export const stockTransfers = pgTable(
  "stock_transfers",
  {
    id: id(),
    inventoryItemId: integer("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    batchId: integer("batch_id").notNull(),
    fromCaneId: integer("from_cane_id")
      .notNull()
      .references(() => canes.id),
    toCaneId: integer("to_cane_id")
      .notNull()
      .references(() => canes.id),
    count: integer("count").notNull(),
    note: text("note"),
    actorUserId: integer("actor_user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_transfers_created_idx").on(t.createdAt),
    index("stock_transfers_item_idx").on(t.inventoryItemId),
    check("stock_transfers_count_positive", sql`${t.count} > 0`),
    foreignKey({
      columns: [t.batchId, t.inventoryItemId],
      foreignColumns: [stockBatches.id, stockBatches.inventoryItemId],
      name: "stock_transfers_batch_fk",
    }),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: id(),
    orderNumber: text("order_number").notNull().unique(),
    source: orderSourceEnum("source").notNull(),
    customerId: integer("customer_id").references(() => customers.id),
    clientUserId: integer("client_user_id").references(() => users.id),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email"),
    customerPhone: text("customer_phone"),
    customerLocation: text("customer_location"),
    orderType: orderTypeEnum("order_type").notNull(),
    status: orderStatusEnum("status").notNull().default("pending"),
    totalAmountKes: integer("total_amount_kes").notNull(),
    totalAmountUsd: integer("total_amount_usd"),
    currency: currencyEnum("currency").notNull().default("KES"),
    paymentMethod: paymentMethodEnum("payment_method"),
    deliveryAddress: text("delivery_address"),
    specialInstructions: text("special_instructions"),
    /** The day the client asked for (null when they asked for none); it stays as asked. */
    requestedDeliveryDate: date("requested_delivery_date", { mode: "string" }),
    orderDate: timestamp("order_date", { withTimezone: true }).notNull().defaultNow(),
    /** The day now expected: the confirmed day, then the last new date (`order_redates`). */
    expectedDeliveryDate: timestamp("expected_delivery_date", { withTimezone: true }),
    /** The Nairobi day promised at approval; later moves are rows of `order_redates`, this stays. */
    confirmedDeliveryDate: date("confirmed_delivery_date", { mode: "string" }),
    /** When the client received it (the shipment's delivery), set as the order becomes delivered. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** Staff's own notes: never shown to the client. */
    notes: text("notes"),
    /** What the approver or rejecter chose to tell the client (their card and message show this only). */
    clientNote: text("client_note"),
    decidedBy: integer("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id),
    /** Kept by the ledger in the same transaction as each payment change: derived, never set by hand. */
    paymentStatus: paymentStatusEnum("payment_status").notNull().default("unpaid"),
    amountPaidKes: integer("amount_paid_kes").notNull().default(0),
    /** Paid back on this order so far (amountPaidKes is already net of it). */
    refundedKes: integer("refunded_kes").notNull().default(0),
    onCredit: boolean("on_credit").notNull().default(false),
    /** The largest line discount on the order, and whether it was above the Sales Manager's limit then. */
    discountPct: smallint("discount_pct").notNull().default(0),
    discountOverLimit: boolean("discount_over_limit").notNull().default(false),
    /** Who receives the delivery, when the client named someone other than the account holder. */
    deliveryContact: jsonb("delivery_contact").$type<{
      name: string | null;
      phone: string | null;
      email: string | null;
    }>(),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** When the client was texted that the M-Pesa hold ends in 10 minutes: once per order. */
    holdWarnedAt: timestamp("hold_warned_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_total_nonnegative", sql`${t.totalAmountKes} >= 0`),
    check("orders_paid_within_total", sql`${t.amountPaidKes} between 0 and ${t.totalAmountKes}`),
    index("orders_hold_idx")
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending' and ${t.holdExpiresAt} is not null`),
    index("orders_client_status_idx").on(t.clientUserId, t.status),
    // With the id, a status's orders come in the lists' order (date, then id) and need no sort (drizzle/0078).
    index("orders_status_date_idx").on(t.status, t.orderDate, t.id),
    index("orders_date_idx").on(t.orderDate),
    // The order list's other declared sorts (`orderSorts`).
    index("orders_customer_name_idx").on(t.customerName, t.id),
    index("orders_total_idx").on(t.totalAmountKes, t.id),
    index("orders_client_idx").on(t.clientUserId, t.orderDate),
    // A top customer's last booked order in a report's period: a short range of this index, not every
    // order of the period (drizzle/0032).
    index("orders_customer_idx").on(t.customerId, t.orderDate),
    index("orders_number_trgm_idx").using("gin", t.orderNumber.op("gin_trgm_ops")),
    index("orders_customer_name_trgm_idx").using("gin", t.customerName.op("gin_trgm_ops")),
    // The order search's other fields: without them every search read every order (drizzle/0063).
    index("orders_customer_email_trgm_idx").using("gin", t.customerEmail.op("gin_trgm_ops")),
    index("orders_customer_phone_trgm_idx").using("gin", t.customerPhone.op("gin_trgm_ops")),
  ],
);

/**
 * Orders summed per Nairobi day and status, kept by a trigger on `orders` in the same transaction as every
 * insert, status or amount change (drizzle/0015). Each (day, status) is split over 16 shards by order id,
 * so concurrent orders of one day do not queue on one row. Summaries read this, not the orders.
 */
export const orderDayTotals = pgTable(
  "order_day_totals",
  {
    day: date("day", { mode: "string" }).notNull(),
    status: orderStatusEnum("status").notNull(),
    shard: smallint("shard").notNull(),
    orders: integer("orders").notNull(),
    totalKes: bigint("total_kes", { mode: "number" }).notNull(),
    paidKes: bigint("paid_kes", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.shard] })],
);

/**
 * The same per calendar month (its first day), kept by the same function (drizzle/0021): a year's series
 * reads whole months here and only the partial months at its ends from the days.
 */
export const orderMonthTotals = pgTable(
  "order_month_totals",
  {
    month: date("month", { mode: "string" }).notNull(),
    status: orderStatusEnum("status").notNull(),
    shard: smallint("shard").notNull(),
    orders: integer("orders").notNull(),
    totalKes: bigint("total_kes", { mode: "number" }).notNull(),
    paidKes: bigint("paid_kes", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.status, t.shard] })],
);

/** The same totals over all time, per status (16 shards): what all-time summaries and list counts read. */
export const orderStatusTotals = pgTable(
  "order_status_totals",
  {
    status: orderStatusEnum("status").notNull(),
    shard: smallint("shard").notNull(),
    orders: integer("orders").notNull(),
    totalKes: bigint("total_kes", { mode: "number" }).notNull(),
    paidKes: bigint("paid_kes", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.shard] })],
);

/**
 * Booked orders' lines per Nairobi day (the order's day) and product, kept by triggers on `order_lines` and
 * `orders` (drizzle/0017): what the reports' top products read. Only booked orders count, so an order moving
 * into or out of booked moves its lines in or out.
 */
export const bookedProductDayTotals = pgTable(
  "booked_product_day_totals",
  {
    day: date("day", { mode: "string" }).notNull(),
    productName: text("product_name").notNull(),
    units: bigint("units", { mode: "number" }).notNull(),
    revenueKes: bigint("revenue_kes", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productName] })],
);

/**
 * The same per calendar month (the month's first day), kept from the day totals by a trigger on them
 * (drizzle/0072), whoever writes a day: a year's top products read twelve months of rows and the partial
 * months at its ends from the days.
 */
export const bookedProductMonthTotals = pgTable(
  "booked_product_month_totals",
  {
    month: date("month", { mode: "string" }).notNull(),
    productName: text("product_name").notNull(),
    units: bigint("units", { mode: "number" }).notNull(),
    revenueKes: bigint("revenue_kes", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.productName] })],
);

/** Booked orders per Nairobi day and customer (drizzle/0017): what the reports' top customers read. */
export const bookedCustomerDayTotals = pgTable(
  "booked_customer_day_totals",
  {
    day: date("day", { mode: "string" }).notNull(),
    customerId: integer("customer_id").notNull(),
    orders: integer("orders").notNull(),
    revenueKes: bigint("revenue_kes", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.customerId] })],
);

/**
 * The same per calendar month (the month's first day), kept by the same trigger function (drizzle/0020): a
 * year's top customers read twelve months of rows and the partial months at its ends from the days.
 */
export const bookedCustomerMonthTotals = pgTable(
  "booked_customer_month_totals",
  {
    month: date("month", { mode: "string" }).notNull(),
    customerId: integer("customer_id").notNull(),
    orders: integer("orders").notNull(),
    revenueKes: bigint("revenue_kes", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.customerId] })],
);

/**
 * Booked orders and revenue per customer over each window of `days` Nairobi days ending on its window's
 * `last_day` (the 30-day and 1-year reports' periods), so those reports rank 2,000 rows from an index, not a
 * month or a year of days. Kept by the same trigger function for days inside a window (drizzle/0075); the
 * background job moves each window every new day by taking off the days that leave it and adding those that
 * enter, from the day totals.
 */
export const bookedCustomerWindowTotals = pgTable(
  "booked_customer_window_totals",
  {
    days: integer("days").notNull(),
    customerId: integer("customer_id").notNull(),
    orders: integer("orders").notNull(),
    revenueKes: bigint("revenue_kes", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.days, t.customerId] }),
    index("booked_customer_window_totals_rank_idx").on(t.days, t.revenueKes.desc(), t.customerId),
  ],
);

/** Which windows `booked_customer_window_totals` keeps, and the day each ends on; none until the job first runs. */
export const bookedCustomerWindows = pgTable(
  "booked_customer_windows",
  {
    days: integer("days").primaryKey(),
    lastDay: date("last_day", { mode: "string" }),
  },
  (t) => [check("booked_customer_windows_days", sql`${t.days} > 0`)],
);

/**
 * Income net of refunds per Nairobi day and currency (16 shards by transaction id, as payments arrive concurrently), kept
 * by a trigger on `transactions` (drizzle/0017): what revenue figures and trends read.
 */
export const incomeDayTotals = pgTable(
  "income_day_totals",
  {
    day: date("day", { mode: "string" }).notNull(),
    shard: smallint("shard").notNull(),
    currency: currencyEnum("currency").notNull(),
    /** In `currency`; the reader converts USD at the business rate, which lives in one place (contract/money). */
    netAmount: numeric("net_amount", { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard, t.currency] })],
);

/**
 * Units that came in or went out per Nairobi day and item (reservations move none), kept by a trigger on
 * `stock_movements` (drizzle/0017): what the dashboard's inventory growth reads.
 */
export const stockDayTotals = pgTable(
  "stock_day_totals",
  {
    day: date("day", { mode: "string" }).notNull(),
    inventoryItemId: integer("inventory_item_id").notNull(),
    stockDelta: bigint("stock_delta", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.inventoryItemId] })],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    inventoryItemId: integer("inventory_item_id").references(() => inventoryItems.id),
    productName: text("product_name").notNull(),
    breed: text("breed"),
    /** The bull as sold (his name, registration, sexed or conventional): a later edit of the item leaves it. */
    bullName: text("bull_name"),
    bullCode: text("bull_code"),
    semenType: semenTypeEnum("semen_type"),
    quantity: integer("quantity").notNull(),
    unitPriceKes: integer("unit_price_kes").notNull(),
    lineTotalKes: integer("line_total_kes").notNull(),
    /** A service line's kind (AI, embryo transfer...): its tax type on the invoice follows from it. */
    serviceKind: text("service_kind"),
  },
  (t) => [
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
    // With the id, an order's lines come in their order, so the pending list's JSON of them needs no sort.
    index("order_lines_order_idx").on(t.orderId, t.id),
    index("order_lines_item_idx").on(t.inventoryItemId),
  ],
);

/**
 * Each new delivery day after the one confirmed at approval (a delayed shipment, a shipment due another day,
 * an edit by staff), in order: what the client reads as "moved to".
 */
export const orderRedates = pgTable(
  "order_redates",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromDate: date("from_date", { mode: "string" }),
    toDate: date("to_date", { mode: "string" }).notNull(),
    /** What the client is told (a delay's reason); null when staff gave none. */
    reason: text("reason"),
    actorUserId: integer("actor_user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("order_redates_order_idx").on(t.orderId, t.id)],
);

/** Every status change of an order, for its history. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: orderStatusEnum("from_status"),
    toStatus: orderStatusEnum("to_status").notNull(),
    note: text("note"),
    /** Old -> new values of edited money and date fields. */
    changes: jsonb("changes").$type<Record<string, { from: unknown; to: unknown }>>(),
    actorUserId: integer("actor_user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

/** One attempt to pay an order: an STK push, or a transfer staff recorded. */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    method: paymentMethodEnum("method").notNull(),
    amountKes: integer("amount_kes").notNull(),
    status: paymentRecordStatusEnum("status").notNull(),
    phone: text("phone"),
    /** Bank or card reference typed by staff. */
    reference: text("reference"),
    /** The per-payment secret in the M-Pesa callback URL. */
    callbackToken: text("callback_token"),
    merchantRequestId: text("merchant_request_id"),
    checkoutRequestId: text("checkout_request_id"),
    receipt: text("receipt"),
    resultCode: integer("result_code"),
    resultDesc: text("result_desc"),
    rawCallback: jsonb("raw_callback"),
    needsReview: boolean("needs_review").notNull().default(false),
    reviewReason: text("review_reason"),
    refundReason: text("refund_reason"),
    /** Paid back so far (refunds rows); the payment is part_refunded below its amount, refunded at it. */
    refundedKes: integer("refunded_kes").notNull().default(0),
    recordedBy: integer("recorded_by").references(() => users.id),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    lastQueriedAt: timestamp("last_queried_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payments_amount_positive", sql`${t.amountKes} > 0`),
    check("payments_refunded_within", sql`${t.refundedKes} between 0 and ${t.amountKes}`),
    index("payments_order_idx").on(t.orderId, t.createdAt),
    uniqueIndex("payments_checkout_key").on(t.checkoutRequestId),
    uniqueIndex("payments_callback_token_key").on(t.callbackToken),
    index("payments_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Money paid back on a payment, whole or in part: each refund has its ledger entry (type refund). */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    amountKes: integer("amount_kes").notNull(),
    method: paymentMethodEnum("method").notNull(),
    reference: text("reference"),
    reason: text("reason").notNull(),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check("refunds_amount_positive", sql`${t.amountKes} > 0`),
    index("refunds_order_idx").on(t.orderId, t.createdAt),
    index("refunds_payment_idx").on(t.paymentId),
  ],
);

/** Replays for requests sent with an Idempotency-Key, shared by every app instance. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    key: text("key").notNull(),
    userId: integer("user_id").notNull(),
    route: text("route").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("idempotency_keys_key").on(t.userId, t.route, t.key),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

/** The built-in Daraja simulator's phone prompts (simulator mode only). */
export const mpesaSimPrompts = pgTable("mpesa_sim_prompts", {
  id: id(),
  checkoutRequestId: text("checkout_request_id").notNull().unique(),
  merchantRequestId: text("merchant_request_id").notNull(),
  phone: text("phone").notNull(),
  amount: integer("amount").notNull(),
  accountReference: text("account_reference").notNull(),
  callbackUrl: text("callback_url").notNull(),
  status: text("status").notNull().default("pending"),
  resultCode: integer("result_code"),
  receipt: text("receipt"),
  createdAt: createdAt(),
  resolvedAt: timestamp("resolved_at", { withTimezone: true }),
});

/** Stock history: each change of on-hand or reserved units, so growth figures are real. */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: id(),
    inventoryItemId: integer("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    kind: movementKindEnum("kind").notNull(),
    stockDelta: integer("stock_delta").notNull().default(0),
    reservedDelta: integer("reserved_delta").notNull().default(0),
    orderId: integer("order_id").references(() => orders.id),
    note: text("note"),
    actorUserId: integer("actor_user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_movements_item_idx").on(t.inventoryItemId, t.createdAt),
    index("stock_movements_date_idx").on(t.createdAt),
  ],
);

/**
 * A physical count too far from the books (decision 25's bounds) waits here for a second person: confirmed,
 * it moves stock as any count; rejected, it moves nothing. At most one waits per item.
 */
export const stockCounts = pgTable(
  "stock_counts",
  {
    id: id(),
    inventoryItemId: integer("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    countedStock: integer("counted_stock").notNull(),
    stockAtCount: integer("stock_at_count").notNull(),
    note: text("note").notNull(),
    /** A canister count: the straws counted were those in this canister, so a shortfall comes off its canes. */
    canisterId: integer("canister_id").references(() => canisters.id),
    countedBy: integer("counted_by").references(() => users.id),
    countedAt: timestamp("counted_at", { withTimezone: true }).notNull(),
    status: text("status").notNull().default("pending"),
    decidedBy: integer("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("stock_counts_status", sql`${t.status} in ('pending', 'confirmed', 'rejected')`),
    uniqueIndex("stock_counts_one_pending").on(t.inventoryItemId).where(sql`${t.status} = 'pending'`),
  ],
);

export const transactions = pgTable(
  "transactions",
  {
    id: id(),
    type: transactionTypeEnum("type").notNull(),
    /** In `currency`'s main unit, two decimals; sums are done exactly in SQL. */
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    currency: currencyEnum("currency").notNull(),
    description: text("description").notNull(),
    reference: text("reference"),
    status: transactionStatusEnum("status").notNull(),
    date: timestamp("date", { withTimezone: true }).notNull(),
    orderId: integer("order_id").references(() => orders.id),
    /**
     * The order's customer, copied as the entry is written (and moved when customers merge), so a customer's
     * statement reads its money through one index rather than each of its orders (decision 56).
     */
    customerId: integer("customer_id").references(() => customers.id),
    /** Set on the ledger's own entries: the income a payment wrote, or a refund of part or all of it. */
    paymentId: integer("payment_id").references(() => payments.id),
    refundId: integer("refund_id").references(() => refunds.id),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check("transactions_amount_positive", sql`${t.amount} > 0`),
    uniqueIndex("transactions_payment_income_key").on(t.paymentId).where(sql`${t.type} = 'income'`),
    uniqueIndex("transactions_refund_key").on(t.refundId),
    index("transactions_order_idx").on(t.orderId),
    index("transactions_date_idx").on(t.date),
    index("transactions_amount_idx").on(t.amount, t.id),
    index("transactions_type_status_idx").on(t.type, t.status, t.date),
    index("transactions_customer_idx")
      .on(t.customerId, t.date)
      .where(sql`${t.type} in ('income', 'refund') and ${t.status} = 'completed'`),
  ],
);

export const shipments = pgTable(
  "shipments",
  {
    id: id(),
    trackingNumber: text("tracking_number").notNull().unique(),
    orderId: integer("order_id").references(() => orders.id),
    orderNumber: text("order_number").notNull(),
    customerName: text("customer_name").notNull(),
    origin: text("origin").notNull(),
    destination: text("destination").notNull(),
    carrier: text("carrier").notNull(),
    temperature: text("temperature").notNull(),
    specialInstructions: text("special_instructions"),
    status: shipmentStatusEnum("status").notNull().default("preparing"),
    shippedDate: timestamp("shipped_date", { withTimezone: true }),
    expectedDelivery: timestamp("expected_delivery", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** Who took the order at the farm: the name given at delivery. */
    receivedBy: text("received_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("shipments_status_idx").on(t.status, t.createdAt),
    uniqueIndex("shipments_one_open_per_order").on(t.orderId).where(sql`${t.status} <> 'cancelled'`),
    index("shipments_created_idx").on(t.createdAt),
    index("shipments_expected_idx").on(t.expectedDelivery, t.id),
  ],
);

/**
 * How many shipments each status holds, kept by a trigger on `shipments` (drizzle/0068): the shipping
 * screen's counts, which counted every shipment ever made on each visit.
 */
export const shipmentStatusTotals = pgTable("shipment_status_totals", {
  status: shipmentStatusEnum("status").primaryKey(),
  shipments: integer("shipments").notNull(),
});

export const breedingRecords = pgTable(
  "breeding_records",
  {
    id: id(),
    animalId: text("animal_id").notNull(),
    animalName: text("animal_name").notNull(),
    breedType: text("breed_type").notNull(),
    serviceType: serviceTypeEnum("service_type").notNull(),
    serviceDate: date("service_date", { mode: "string" }).notNull(),
    technician: text("technician").notNull(),
    geneticMaterial: text("genetic_material").notNull(),
    inventoryItemId: integer("inventory_item_id").references(() => inventoryItems.id),
    /** The batch the straw or embryo came from, where known: its conception rate is measured too. */
    batchId: integer("batch_id").references(() => stockBatches.id),
    customerId: integer("customer_id").references(() => customers.id),
    notes: text("notes"),
    expectedCalvingDate: date("expected_calving_date", { mode: "string" }).notNull(),
    status: breedingStatusEnum("status").notNull().default("breeding"),
    /** The pregnancy diagnosis that found her in calf, and the day she calved. */
    pregnantOn: date("pregnant_on", { mode: "string" }),
    calvedOn: date("calved_on", { mode: "string" }),
    success: boolean("success").notNull().default(false),
    /**
     * Who stands behind the outcome: staff, a technician or a vet ("confirmed"), or the farmer on the portal
     * or by SMS ("farmer"). The conception rates count the two apart (issue 40).
     */
    outcomeSource: outcomeSourceEnum("outcome_source").notNull().default("confirmed"),
    /** The farmer's insemination of a named cow with a straw bought here, which this service record follows. */
    cowEventId: integer("cow_event_id")
      .unique()
      .references((): AnyPgColumn => cowEvents.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A batch's conception is measured when a confirmed outcome lands on one of its services.
    index("breeding_records_batch_idx").on(t.batchId).where(sql`${t.batchId} is not null`),
    index("breeding_records_service_idx").on(t.serviceType, t.serviceDate),
    index("breeding_records_status_idx").on(t.status),
    index("breeding_records_created_idx").on(t.createdAt),
    // The list's declared sorts (`breedingSorts`).
    index("breeding_records_date_idx").on(t.serviceDate, t.id),
    index("breeding_records_animal_idx").on(t.animalId, t.id),
    index("breeding_records_calving_idx").on(t.expectedCalvingDate, t.id),
    index("breeding_records_item_idx").on(t.inventoryItemId).where(sql`${t.inventoryItemId} is not null`),
  ],
);

/**
 * Every change of a service's outcome, with its day and who made it: a correction (of a final outcome, or
 * any other) carries its reason, so the history shows what was believed and why it changed.
 */
export const breedingRecordEvents = pgTable(
  "breeding_record_events",
  {
    id: id(),
    recordId: integer("record_id")
      .notNull()
      .references(() => breedingRecords.id, { onDelete: "cascade" }),
    fromStatus: breedingStatusEnum("from_status").notNull(),
    toStatus: breedingStatusEnum("to_status").notNull(),
    /** The diagnosis or calving day the change recorded. */
    day: date("day", { mode: "string" }),
    reason: text("reason"),
    actorUserId: integer("actor_user_id").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("breeding_record_events_record_idx").on(t.recordId, t.createdAt)],
);

export const vendors = pgTable(
  "vendors",
  {
    id: id(),
    name: text("name").notNull(),
    type: vendorTypeEnum("type").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    address: text("address"),
    contactPerson: text("contact_person").notNull(),
    specialization: text("specialization"),
    notes: text("notes"),
    isActive: boolean("is_active").notNull().default(true),
    rating: smallint("rating").notNull().default(5),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("vendors_rating_range", sql`${t.rating} between 0 and 5`),
    index("vendors_type_idx").on(t.type, t.isActive),
    index("vendors_created_idx").on(t.createdAt),
    index("vendors_name_idx").on(t.name, t.id),
    uniqueIndex("vendors_email_active_key").on(sql`lower(${t.email})`).where(sql`${t.isActive}`),
  ],
);

/**
 * The outbox: every SMS and email, written in the same transaction as the event it tells of, then sent by
 * a dispatcher (`notifications/dispatcher.ts`). `idempotency_key` goes to the provider with every try, so a
 * message retried after a crash is not delivered twice; `dedupe_key` stops one event writing its message
 * twice (a daily digest, a repeated alarm round).
 */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    kind: messageKindEnum("kind").notNull(),
    channel: messageChannelEnum("channel").notNull(),
    recipient: text("recipient").notNull(),
    language: languageEnum("language").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    html: text("html"),
    status: messageStatusEnum("status").notNull().default("pending"),
    /** Sent to no provider (none configured): the database kept it, and staff see "kept", not "sent". */
    kept: boolean("kept").notNull().default(false),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** A dispatcher's claim: until then no other dispatcher takes the message. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    /** A random UUID per message, never looked up here: it travels to the provider. */
    idempotencyKey: text("idempotency_key").notNull(),
    dedupeKey: text("dedupe_key"),
    orderId: integer("order_id").references(() => orders.id),
    userId: integer("user_id").references(() => users.id),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // Migration 0073 adds INCLUDE (channel) here and INCLUDE (kept) to the status index, which Drizzle cannot
    // declare: a channel's count, and a status's sent messages told from its kept ones, read the index alone.
    index("outbox_created_idx").on(t.createdAt, t.id),
    // A status's messages, newest or oldest first: its filter, the list sorted by status, and its count.
    index("outbox_status_created_idx").on(t.status, t.createdAt),
    // Messages kept for want of a provider: a demo's, or none. Partial, so production writes never touch it.
    index("outbox_kept_idx").on(t.createdAt, t.id).where(sql`${t.kept}`),
    index("outbox_order_idx").on(t.orderId),
    // The search is by recipient or subject, read together (BitmapOr): a recipient's messages by the
    // addresses `message_recipients` finds (decision 69), and the subject's words by their trigrams.
    index("outbox_recipient_idx").on(t.recipient),
    index("outbox_subject_trgm_idx").using("gin", t.subject.op("gin_trgm_ops")),
    // Partial: most messages have neither, so writing them (with the order) touches neither index.
    uniqueIndex("outbox_dedupe_key").on(t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    index("outbox_provider_idx").on(t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
    check("outbox_attempts_nonnegative", sql`${t.attempts} >= 0`),
  ],
);

/**
 * Every address the outbox has written to, once: kept by triggers on the outbox (an insert's new addresses, a
 * recipient changed), and forgotten with a farmer's account (data rights). The messages search finds its
 * addresses here, a few thousand rows, then their messages through the outbox's recipient index, where a
 * trigram index over every message read the long lists of trigrams most addresses share (decision 69).
 */
export const messageRecipients = pgTable(
  "message_recipients",
  {
    recipient: text("recipient").primaryKey(),
    /** The address lower-cased when written: LIKE on it cost a fifth of ILIKE on the address (decision 69). */
    words: text("words")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(recipient)`),
  },
  (t) => [index("message_recipients_words_trgm_idx").using("gin", t.words.op("gin_trgm_ops"))],
);

/**
 * Every backup, made by the schedule on one instance, by a Director, or by `npm run backup`. At most one runs
 * at a time (the partial unique index): an instance claims the next one by inserting its running row.
 */
/**
 * The business's own settings: one row (id 1), changed by Directors. Its name and contacts head every
 * printed report; the Sales Manager's discount limit is the largest line discount they may give without a
 * Director approving the order.
 */
export const businessSettings = pgTable(
  "business_settings",
  {
    id: smallint("id").primaryKey().default(1),
    tradeName: text("trade_name").notNull().default("Urithi Genetics Ltd"),
    address: text("address").notNull().default("Nakuru, Kenya"),
    phone: text("phone"),
    email: text("email"),
    /** For KRA eTIMS: the business's PIN and branch id ("00", the head office). */
    kraPin: text("kra_pin"),
    bhfId: text("bhf_id").notNull().default("00"),
    /** Where clients pay by bank transfer; null falls back to the BANK_* environment defaults. */
    bankName: text("bank_name"),
    bankAccountName: text("bank_account_name"),
    bankAccountNumber: text("bank_account_number"),
    bankBranch: text("bank_branch"),
    /** The letterhead's logo as a data URL (PNG or JPEG, at most LOGO_MAX_BYTES), drawn on every PDF. */
    logo: text("logo"),
    salesDiscountLimitPct: smallint("sales_discount_limit_pct").notNull().default(10),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    updatedBy: integer("updated_by").references(() => users.id),
  },
  (t) => [
    check("business_settings_one_row", sql`${t.id} = 1`),
    check("business_settings_discount_limit", sql`${t.salesDiscountLimitPct} between 0 and 50`),
    check("business_settings_logo", sql`${t.logo} ~ '^data:image/(png|jpeg);base64,'`),
  ],
);

export const backups = pgTable(
  "backups",
  {
    id: id(),
    status: backupStatusEnum("status").notNull(),
    trigger: backupTriggerEnum("trigger").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    fileName: text("file_name"),
    bytes: bigint("bytes", { mode: "number" }),
    sha256: text("sha256"),
    encrypted: boolean("encrypted").notNull().default(false),
    offsite: backupOffsiteEnum("offsite").notNull().default("off"),
    error: text("error"),
    /** host:pid of the instance that made it (its BACKUP_DIR holds the file). */
    instance: text("instance").notNull(),
    /** When the Directors were told this backup failed. */
    alarmedAt: timestamp("alarmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("backups_one_running").on(t.status).where(sql`${t.status} = 'running'`),
    index("backups_started_idx").on(t.startedAt, t.id),
    index("backups_ok_idx").on(t.startedAt).where(sql`${t.status} = 'ok'`),
  ],
);

/**
 * Tax invoices and credit notes (migration 0045). Written in the transaction of the sale or cancellation they
 * record and never changed after (a trigger refuses edits to what was issued); only their eTIMS state moves,
 * as the sender hands them to KRA in order. `etims_invc_no` is KRA's number, taken only when KRA accepts.
 */
export const taxDocuments = pgTable(
  "tax_documents",
  {
    id: id(),
    kind: taxDocumentKindEnum("kind").notNull(),
    number: text("number").notNull().unique(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    originalId: integer("original_id").references((): AnyPgColumn => taxDocuments.id),
    customerId: integer("customer_id").references(() => customers.id),
    clientUserId: integer("client_user_id").references(() => users.id),
    buyerName: text("buyer_name").notNull(),
    buyerPin: text("buyer_pin"),
    buyerPhone: text("buyer_phone"),
    paymentType: text("payment_type").notNull(),
    reasonCode: text("reason_code"),
    reason: text("reason"),
    lines: jsonb("lines").$type<TaxLine[]>().notNull(),
    totalKes: integer("total_kes").notNull(),
    taxKes: integer("tax_kes").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    issuedBy: integer("issued_by").references(() => users.id),
    etimsStatus: etimsStatusEnum("etims_status").notNull().default("queued"),
    etimsInvcNo: integer("etims_invc_no"),
    etimsAttempts: integer("etims_attempts").notNull().default(0),
    etimsDueAt: timestamp("etims_due_at", { withTimezone: true }).notNull(),
    etimsLastAttemptAt: timestamp("etims_last_attempt_at", { withTimezone: true }),
    etimsError: text("etims_error"),
    receiptNo: integer("receipt_no"),
    totalReceiptNo: integer("total_receipt_no"),
    internalData: text("internal_data"),
    signature: text("signature"),
    sdcId: text("sdc_id"),
    sdcDateTime: text("sdc_date_time"),
    /** How many times its PDF was printed: every print after the first is marked COPY. */
    prints: integer("prints").notNull().default(0),
  },
  (t) => [
    uniqueIndex("tax_documents_one_invoice_key")
      .on(t.orderId)
      .where(sql`(${t.kind} = 'invoice' and ${t.etimsStatus} <> 'voided')`),
    uniqueIndex("tax_documents_etims_invc_no_key").on(t.etimsInvcNo),
    index("tax_documents_order_idx").on(t.orderId, t.id),
    index("tax_documents_etims_idx").on(t.etimsStatus, t.id),
    index("tax_documents_customer_idx").on(t.customerId, t.issuedAt),
    index("tax_documents_client_idx").on(t.clientUserId, t.issuedAt),
    index("tax_documents_issued_idx").on(t.issuedAt, t.id),
    index("tax_documents_total_idx").on(t.totalKes, t.id),
    // An invoice's credit notes: aged receivables looked them up once per invoice, by reading every document.
    index("tax_documents_original_idx").on(t.originalId).where(sql`${t.originalId} is not null`),
  ],
);

/**
 * Each invoice still owed, with what is owed on it: its total less its credit notes and what its order has
 * been paid (net of refunds). Kept by triggers on the invoice, its credit notes and its order (drizzle/0064),
 * so aged receivables reads the open invoices, not every invoice ever issued.
 */
export const openInvoices = pgTable(
  "open_invoices",
  {
    invoiceId: integer("invoice_id")
      .primaryKey()
      .references(() => taxDocuments.id),
    customerId: integer("customer_id").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    openKes: integer("open_kes").notNull(),
  },
  (t) => [
    check("open_invoices_owed", sql`${t.openKes} > 0`),
    // A page of aged receivables sums its customers' open invoices; the totals read the invoices of a cut's day.
    index("open_invoices_customer_idx").on(t.customerId, t.issuedAt),
    index("open_invoices_issued_idx").on(t.issuedAt),
  ],
);

/**
 * What each customer owes on their open invoices, and on how many: written with `open_invoices` by the
 * functions that write it (drizzle/0069), so aged receivables orders and counts the customers who owe
 * without summing every open invoice. A customer who has paid up keeps a row of zeros, as does a day whose
 * invoices are all paid.
 */
export const customerOpenTotals = pgTable(
  "customer_open_totals",
  {
    customerId: integer("customer_id").primaryKey(),
    openKes: bigint("open_kes", { mode: "number" }).notNull(),
    invoices: integer("invoices").notNull(),
  },
  // A page of aged receivables, largest debt first, read in order rather than sorted from every customer.
  (t) => [
    index("customer_open_totals_owing_idx").on(t.openKes.desc(), t.customerId).where(sql`${t.invoices} > 0`),
  ],
);

/**
 * A customer's statement of account per Nairobi day: how many entries it has (invoices and credit notes not
 * voided, completed payments and refunds) and what each kind adds up to, kept by triggers on the documents
 * and the ledger (drizzle/0074). A statement's opening balance, figures and the balance before its page
 * come from these rows, so only the page's own days of entries are read (decision 61).
 */
export const customerStatementDays = pgTable(
  "customer_statement_days",
  {
    customerId: integer("customer_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    entries: integer("entries").notNull(),
    invoicedKes: bigint("invoiced_kes", { mode: "number" }).notNull(),
    creditedKes: bigint("credited_kes", { mode: "number" }).notNull(),
    paidKes: bigint("paid_kes", { mode: "number" }).notNull(),
    refundedKes: bigint("refunded_kes", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.day] })],
);

/**
 * What is owed on the open invoices issued each day (Nairobi's), written the same way: the totals of aged
 * receivables' recent buckets add up the days after each cut, and only the cut's own day is read by invoice.
 */
export const openInvoiceDayTotals = pgTable("open_invoice_day_totals", {
  day: date("day", { mode: "string" }).primaryKey(),
  openKes: bigint("open_kes", { mode: "number" }).notNull(),
  invoices: integer("invoices").notNull(),
});

/** Our own numbers for each kind of document: taken in the issuing transaction, so never twice and no gap. */
export const documentCounters = pgTable("document_counters", {
  kind: text("kind").primaryKey(),
  last: integer("last").notNull().default(0),
});

/**
 * This business's eTIMS control unit as KRA initialised it (one row), and the sender's lease: only the
 * instance holding it sends, so KRA's invoice numbers go out in order.
 */
export const etimsDevice = pgTable(
  "etims_device",
  {
    id: smallint("id").primaryKey().default(1),
    tin: text("tin"),
    bhfId: text("bhf_id"),
    cmcKey: text("cmc_key"),
    sdcId: text("sdc_id"),
    mrcNo: text("mrc_no"),
    lastInvcNo: integer("last_invc_no").notNull().default(0),
    lastSarNo: integer("last_sar_no").notNull().default(0),
    leaseToken: text("lease_token"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
  },
  (t) => [check("etims_device_one_row", sql`${t.id} = 1`)],
);

/** What KRA has been told of each item we sell: its registration and the stock it believes we hold. */
export const etimsItems = pgTable("etims_items", {
  itemCd: text("item_cd").primaryKey(),
  tin: text("tin").notNull(),
  taxType: text("tax_type").notNull(),
  classCode: text("class_code").notNull(),
  name: text("name").notNull(),
  reportedStock: integer("reported_stock").notNull().default(0),
});

/** The eTIMS simulator's own books, as KRA's side would keep them (demo and tests only). */
export const etimsSimDevices = pgTable(
  "etims_sim_devices",
  {
    tin: text("tin").notNull(),
    bhfId: text("bhf_id").notNull(),
    cmcKey: text("cmc_key").notNull(),
    sdcId: text("sdc_id").notNull(),
    lastInvcNo: integer("last_invc_no").notNull().default(0),
    receipts: integer("receipts").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tin, t.bhfId] })],
);
export const etimsSimItems = pgTable(
  "etims_sim_items",
  {
    tin: text("tin").notNull(),
    itemCd: text("item_cd").notNull(),
    taxType: text("tax_type").notNull(),
    classCode: text("class_code").notNull(),
    service: boolean("service").notNull(),
    stock: integer("stock").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tin, t.itemCd] })],
);
export const etimsSimSales = pgTable(
  "etims_sim_sales",
  {
    tin: text("tin").notNull(),
    bhfId: text("bhf_id").notNull(),
    invcNo: integer("invc_no").notNull(),
    trdInvcNo: text("trd_invc_no").notNull(),
    receiptType: text("receipt_type").notNull(),
    totalAmount: integer("total_amount").notNull(),
    answer: jsonb("answer").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tin, t.bhfId, t.invcNo] })],
);
/** What the simulator was told to do to the next sale: refuse it with a reason, or take it and not answer. */
export const etimsSimControl = pgTable("etims_sim_control", {
  id: smallint("id").primaryKey().default(1),
  refuseNext: text("refuse_next"),
  silentNext: boolean("silent_next").notNull().default(false),
});

/** A client's cow (issue 40): her tag is unique in the farmer's herd; a calf recorded alive becomes one. */
export const cows = pgTable(
  "cows",
  {
    id: id(),
    ownerUserId: integer("owner_user_id")
      .notNull()
      .references(() => users.id),
    tag: text("tag").notNull(),
    name: text("name"),
    breed: text("breed").notNull(),
    birthDate: date("birth_date", { mode: "string" }),
    parity: smallint("parity").notNull().default(0),
    lastCalvingDate: date("last_calving_date", { mode: "string" }),
    status: cowStatusEnum("status").notNull().default("active"),
    /** The cow calendar's SMS for her; the farmer may turn them off per cow. */
    reminders: boolean("reminders").notNull().default(true),
    /** The cow that bore her, when she was recorded as a calf. */
    damId: integer("dam_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cows_owner_tag_idx").on(t.ownerUserId, sql`lower(${t.tag})`),
    index("cows_owner_idx").on(t.ownerUserId, t.id),
  ],
);

/** One event of a cow's life in ADGG's model: heat, insemination, pregnancy diagnosis, calving or exit. */
export const cowEvents = pgTable(
  "cow_events",
  {
    id: id(),
    cowId: integer("cow_id")
      .notNull()
      .references(() => cows.id),
    type: cowEventTypeEnum("type").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    time: text("time"),
    source: cowEventSourceEnum("source").notNull().default("farmer"),
    /** Insemination: the bought straw's order line (and its batch where the pick names one), or other semen. */
    orderLineId: integer("order_line_id").references(() => orderLines.id),
    batchId: integer("batch_id").references(() => stockBatches.id),
    otherSemen: text("other_semen"),
    technician: text("technician"),
    pdResult: pdResultEnum("pd_result"),
    pdMethod: pdMethodEnum("pd_method"),
    examiner: text("examiner"),
    calvingEase: calvingEaseEnum("calving_ease"),
    calfSex: calfSexEnum("calf_sex"),
    calfAlive: boolean("calf_alive"),
    calfTag: text("calf_tag"),
    calfCowId: integer("calf_cow_id").references(() => cows.id),
    exitReason: exitReasonEnum("exit_reason"),
    /** Insemination in the field: body condition score (1–5) and whether it was within the AM–PM window. */
    bodyCondition: numeric("body_condition", { precision: 3, scale: 2, mode: "number" }),
    amPmOk: boolean("am_pm_ok"),
    notes: text("notes"),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("cow_events_cow_idx").on(t.cowId, t.date, t.id),
    index("cow_events_line_idx").on(t.orderLineId).where(sql`${t.orderLineId} is not null`),
  ],
);

/**
 * The cow calendar: what each insemination reminds the farmer of, sent once by SMS at 07:00 Nairobi on its
 * day (or, missed, until its last day), and cancelled when the event it waits for is recorded.
 */
export const cowReminders = pgTable(
  "cow_reminders",
  {
    id: id(),
    cowId: integer("cow_id")
      .notNull()
      .references(() => cows.id),
    /** The insemination it follows. */
    eventId: integer("event_id")
      .notNull()
      .references(() => cowEvents.id),
    kind: reminderKindEnum("kind").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    lastOn: date("last_on", { mode: "string" }).notNull(),
    status: reminderStatusEnum("status").notNull().default("scheduled"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** A PD reminder's answer by SMS ("1" or "2") recorded this event. */
    answeredEventId: integer("answered_event_id").references(() => cowEvents.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cow_reminders_event_kind_idx").on(t.eventId, t.kind),
    index("cow_reminders_due_idx").on(t.dueOn, t.id).where(sql`${t.status} = 'scheduled'`),
    index("cow_reminders_cow_idx").on(t.cowId, t.status),
  ],
);

/**
 * A batch whose confirmed conception fell well below its bull's (the top of its 95% interval under his
 * rate): possible handling or storage damage, flagged once to the Chief Scientist with the figures then.
 */
export const batchFertilityFlags = pgTable("batch_fertility_flags", {
  batchId: integer("batch_id")
    .primaryKey()
    .references(() => stockBatches.id),
  services: integer("services").notNull(),
  conceptions: integer("conceptions").notNull(),
  bullServices: integer("bull_services").notNull(),
  bullConceptions: integer("bull_conceptions").notNull(),
  flaggedAt: timestamp("flagged_at", { withTimezone: true }).notNull(),
});

/** The service list: what an AI or PD visit costs the farmer, tax included (issue 40 §2). */
export const servicePrices = pgTable("service_prices", {
  kind: serviceKindEnum("kind").primaryKey(),
  priceKes: integer("price_kes").notNull(),
  updatedAt: updatedAt(),
});

/**
 * A farmer's request for an inseminator or a pregnancy check on one cow: where, when heat was seen, the
 * window the AM–PM rule suggests, and the price from the service list when asked. Staff with `breeding`
 * assign a Field Technician; nobody assigning it within two hours alarms them (`alarmed_at`, once).
 */
export const serviceRequests = pgTable(
  "service_requests",
  {
    id: id(),
    clientUserId: integer("client_user_id")
      .notNull()
      .references(() => users.id),
    cowId: integer("cow_id")
      .notNull()
      .references(() => cows.id),
    kind: serviceKindEnum("kind").notNull(),
    status: serviceRequestStatusEnum("status").notNull().default("requested"),
    heatSeenAt: timestamp("heat_seen_at", { withTimezone: true }),
    visitFrom: timestamp("visit_from", { withTimezone: true }),
    visitTo: timestamp("visit_to", { withTimezone: true }),
    county: text("county").notNull(),
    ward: text("ward"),
    description: text("description"),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    phone: text("phone").notNull(),
    notes: text("notes"),
    priceKes: integer("price_kes").notNull(),
    technicianId: integer("technician_id").references(() => users.id),
    assignedBy: integer("assigned_by").references(() => users.id),
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    alarmedAt: timestamp("alarmed_at", { withTimezone: true }),
    /** The order the visit is charged on, placed when it is done and paid by M-Pesa to the visit's phone. */
    orderId: integer("order_id").references(() => orders.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The board: what waits, by county, oldest first; a technician's list; a farmer's own.
    index("service_requests_board_idx").on(t.status, t.county, t.createdAt),
    index("service_requests_created_idx").on(t.createdAt, t.id),
    index("service_requests_technician_idx").on(t.technicianId, t.status),
    index("service_requests_client_idx").on(t.clientUserId, t.createdAt),
    // The alarm job asks for requests waiting too long that nobody was woken for.
    index("service_requests_unalarmed_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'requested' and ${t.alarmedAt} is null`),
  ],
);

const kg = (name: string) => numeric(name, { precision: 7, scale: 2, mode: "number" });

/** An LN2 flask or dry shipper: an asset lent to technicians and farmers, and a place straws are kept. */
export const flasks = pgTable(
  "flasks",
  {
    id: id(),
    serial: text("serial").notNull(),
    kind: flaskKindEnum("kind").notNull(),
    capacityStraws: integer("capacity_straws").notNull(),
    ln2CapacityKg: kg("ln2_capacity_kg").notNull(),
    status: flaskStatusEnum("status").notNull().default("in_store"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("flasks_serial_idx").on(sql`lower(${t.serial})`),
    index("flasks_serial_sort_idx").on(t.serial, t.id),
  ],
);

/**
 * A flask lent: to whom (a Field Technician or a client), until when, the deposit taken and the LN2 charge
 * weighed out, then the weight it came back at. Overdue loans alarm once (`alarmed_at`).
 */
export const flaskLoans = pgTable(
  "flask_loans",
  {
    id: id(),
    flaskId: integer("flask_id")
      .notNull()
      .references(() => flasks.id),
    holderUserId: integer("holder_user_id")
      .notNull()
      .references(() => users.id),
    lentAt: timestamp("lent_at", { withTimezone: true }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    depositKes: integer("deposit_kes").notNull(),
    weightOutKg: kg("weight_out_kg").notNull(),
    lentBy: integer("lent_by").references(() => users.id),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    weightBackKg: kg("weight_back_kg"),
    returnedBy: integer("returned_by").references(() => users.id),
    notes: text("notes"),
    alarmedAt: timestamp("alarmed_at", { withTimezone: true }),
  },
  (t) => [
    // One open loan per flask, whatever two people try at once.
    uniqueIndex("flask_loans_open_idx").on(t.flaskId).where(sql`${t.returnedAt} is null`),
    index("flask_loans_flask_idx").on(t.flaskId, t.lentAt),
    index("flask_loans_holder_idx").on(t.holderUserId).where(sql`${t.returnedAt} is null`),
    index("flask_loans_due_idx").on(t.dueOn).where(sql`${t.returnedAt} is null and ${t.alarmedAt} is null`),
  ],
);

/** The straws in a flask, per batch: what was issued from the store and not yet used or returned. */
export const flaskStraws = pgTable(
  "flask_straws",
  {
    flaskId: integer("flask_id")
      .notNull()
      .references(() => flasks.id),
    inventoryItemId: integer("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    batchId: integer("batch_id")
      .notNull()
      .references(() => stockBatches.id),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.flaskId, t.batchId] }), check("flask_straws_count", sql`${t.count} >= 0`)],
);

/** Every straw movement through a flask, with its batch: issued, used on a cow, returned to the store. */
export const flaskMovements = pgTable(
  "flask_movements",
  {
    id: id(),
    flaskId: integer("flask_id")
      .notNull()
      .references(() => flasks.id),
    kind: flaskMovementKindEnum("kind").notNull(),
    inventoryItemId: integer("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    batchId: integer("batch_id")
      .notNull()
      .references(() => stockBatches.id),
    quantity: integer("quantity").notNull(),
    cowEventId: integer("cow_event_id").references(() => cowEvents.id),
    actorUserId: integer("actor_user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("flask_movements_flask_idx").on(t.flaskId, t.createdAt)],
);

/**
 * A record a Field Technician's phone synced, kept by the id the phone gave it: a replayed or concurrent
 * sync of the same record finds it and answers what happened the first time. A conflict keeps the record
 * as sent, with why, until the technician dismisses it.
 */
export const fieldRecords = pgTable(
  "field_records",
  {
    clientId: text("client_id").primaryKey(),
    technicianId: integer("technician_id")
      .notNull()
      .references(() => users.id),
    type: text("type").notNull(),
    requestId: integer("request_id").notNull(),
    cowId: integer("cow_id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: fieldRecordStatusEnum("status").notNull().default("pending"),
    message: text("message"),
    cowEventId: integer("cow_event_id").references(() => cowEvents.id),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("field_records_technician_idx").on(t.technicianId, t.status, t.receivedAt)],
);

/** Incoming SMS from Africa's Talking, kept once by the provider's id so a retried callback does nothing twice. */
export const incomingMessages = pgTable("incoming_messages", {
  id: id(),
  providerId: text("provider_id").notNull().unique(),
  sender: text("sender").notNull(),
  text: text("text").notNull(),
  /** What the reply did: "pd_recorded", "unknown_sender", "not_understood", "nothing_asked". */
  outcome: text("outcome").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
});

/**
 * A USSD session from Africa's Talking, kept in the database so any instance answers its next step. It
 * remembers the screen it is on and what was chosen, the callback's text seen last with the answer given (a
 * retried step answers the same), and is dropped 180 s after it began.
 */
export const ussdSessions = pgTable(
  "ussd_sessions",
  {
    sessionId: text("session_id").primaryKey(),
    phone: text("phone").notNull(),
    userId: integer("user_id").references(() => users.id),
    language: languageEnum("language"),
    screen: text("screen").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    lastText: text("last_text").notNull().default(""),
    lastAnswer: text("last_answer").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("ussd_sessions_phone_idx").on(t.phone), index("ussd_sessions_started_idx").on(t.startedAt)],
);

/** The language each phone chose on its first USSD call, remembered for the next ones. */
export const ussdCallers = pgTable("ussd_callers", {
  phone: text("phone").primaryKey(),
  language: languageEnum("language").notNull(),
  firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
});

/** USSD sessions and orders per Nairobi day, for the dashboard (the sessions themselves last 180 s). */
export const ussdDays = pgTable("ussd_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  sessions: integer("sessions").notNull().default(0),
  orders: integer("orders").notNull().default(0),
});

/** A farmer who asked sales staff to call them back ("Call me" on USSD), until someone has called. */
export const callbackRequests = pgTable(
  "callback_requests",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id),
    phone: text("phone").notNull(),
    name: text("name"),
    channel: text("channel").notNull().default("ussd"),
    createdAt: createdAt(),
    calledAt: timestamp("called_at", { withTimezone: true }),
    calledBy: integer("called_by").references(() => users.id),
  },
  (t) => [
    index("callback_requests_open_idx").on(t.createdAt).where(sql`${t.calledAt} is null`),
    index("callback_requests_called_idx").on(t.createdAt).where(sql`${t.calledAt} is not null`),
    // One open request per phone: asking again while it waits keeps the first.
    uniqueIndex("callback_requests_open_phone_key").on(t.phone).where(sql`${t.calledAt} is null`),
  ],
);

/** Secrets the app made for itself in demo mode (the USSD stand-in's), shared by every instance. */
export const generatedSecrets = pgTable("generated_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
