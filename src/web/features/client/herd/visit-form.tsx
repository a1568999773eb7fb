import { useQuery } from "@tanstack/react-query";
import { MapPin } from "lucide-react";
import { useState } from "react";
import { counties } from "../../../../contract/counties";
import { amPmWindow, serviceKinds } from "../../../../contract/service-rules";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { toast } from "../../../components/ui/use-toast";
import { useContractForm } from "../../../lib/form";
import { formatKes, formatVisit, nairobiClock } from "../../../lib/format";
import { useT } from "../../../lib/i18n/i18n";
import { useSession } from "../../../lib/session";
import { herdQueries, useRequestVisit } from "./api";
import { serviceRequestInputSchema } from "./schemas";

/** A datetime-local value, read as Nairobi time. */
const asNairobi = (local: string) => (local ? `${local}:00+03:00` : undefined);

const blank = (phone: string) => ({
  kind: "ai",
  heatSeenAt: nairobiClock(),
  county: "",
  ward: "",
  description: "",
  lat: "",
  lng: "",
  phone,
  notes: "",
});
type Values = ReturnType<typeof blank>;

function toRequest(cowId: number, v: Values) {
  const some = (s: string) => (s.trim() ? s : undefined);
  return {
    cowId,
    kind: v.kind,
    heatSeenAt: v.kind === "ai" ? asNairobi(v.heatSeenAt) : undefined,
    location: {
      county: v.county,
      ward: some(v.ward),
      description: some(v.description),
      lat: v.lat ? Number(v.lat) : undefined,
      lng: v.lng ? Number(v.lng) : undefined,
    },
    phone: v.phone,
    notes: some(v.notes),
  };
}

/** What the AM–PM rule suggests for the heat the farmer saw, in plain words. */
function AmPm({ heatSeenAt }: { heatSeenAt: string }) {
  const t = useT();
  const at = asNairobi(heatSeenAt);
  if (!at || Number.isNaN(Date.parse(at))) return null;
  const w = amPmWindow(new Date(at));
  return (
    <p className="text-sm font-medium text-brand-800 sm:col-span-2 dark:text-brand-200" data-testid="am-pm">
      {t(w.seen === "morning" ? "visit.morning" : "visit.afternoon", { window: formatVisit(w.from, w.to) })}
    </p>
  );
}

/** Asks for an inseminator or a PD visit for the cow: when heat was seen, where, and the phone to call. */
export function VisitForm({ cowId, onSent }: { cowId: number; onSent: () => void }) {
  const t = useT();
  const phone = useSession().data?.user.phone ?? "";
  const form = useContractForm({
    schema: serviceRequestInputSchema,
    initial: () => blank(phone),
    idPrefix: "visit",
    toInput: (v: Values) => toRequest(cowId, v),
    errorPaths: {
      "location.county": "county",
      "location.ward": "ward",
      "location.description": "description",
      "location.lat": "description",
    },
  });
  const prices = useQuery(herdQueries.prices());
  const request = useRequestVisit();
  const [pin, setPin] = useState<"none" | "pinned" | "failed">("none");
  const price = prices.data?.find((p) => p.kind === form.values.kind)?.priceKes;
  const addPin = () =>
    navigator.geolocation.getCurrentPosition(
      (p) => {
        form.setValues((v) => ({ ...v, lat: String(p.coords.latitude), lng: String(p.coords.longitude) }));
        setPin("pinned");
      },
      () => setPin("failed"),
      { timeout: 15_000 },
    );
  const onSubmit = form.handleSubmit((input) =>
    request.mutate(input, {
      onSuccess: () => {
        toast({ title: t("visit.sent"), description: t("visit.sentDetail") });
        onSent();
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) toast({ variant: "destructive", title: t("visit.failed") });
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label={t("visit.title")}>
      <Field
        label={t("visit.kind")}
        options={serviceKinds.map((k) => [k, t(`visit.kind.${k}`)] as const)}
        bind={form.field("kind")}
      />
      {form.values.kind === "ai" && (
        <>
          <Field
            label={t("visit.heat")}
            type="datetime-local"
            max={nairobiClock()}
            bind={form.field("heatSeenAt")}
          />
          <AmPm heatSeenAt={form.values.heatSeenAt} />
        </>
      )}
      <Field
        label={`${t("visit.county")} *`}
        placeholder="–"
        options={counties.map((c) => [c.name, c.name] as const)}
        bind={form.field("county")}
      />
      <Field label={t("visit.ward")} bind={form.field("ward")} />
      <Field label={t("visit.where")} rows={2} bind={form.field("description")} wide />
      <div className="sm:col-span-2">
        <Button type="button" variant="outline" onClick={addPin}>
          <MapPin /> {t("visit.pin")}
        </Button>
        {pin !== "none" && (
          <p role="status" className="mt-1 text-sm">
            {t(pin === "pinned" ? "visit.pinned" : "visit.pinFailed")}
          </p>
        )}
      </div>
      <Field label={`${t("visit.phone")} *`} type="tel" bind={form.field("phone")} />
      {price !== undefined && (
        <p className="self-end text-sm font-medium sm:col-span-2" data-testid="visit-price">
          {t("visit.price", { price: formatKes(price) })}
        </p>
      )}
      <Button type="submit" className="min-h-11 sm:col-span-2" disabled={request.isPending}>
        {t("visit.send")}
      </Button>
    </form>
  );
}
