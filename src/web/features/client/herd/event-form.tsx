import { useQuery } from "@tanstack/react-query";
import {
  calfSexes,
  calvingEases,
  cowEventTypes,
  exitReasons,
  pdMethods,
} from "../../../../contract/herd-rules";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { toast } from "../../../components/ui/use-toast";
import { useContractForm } from "../../../lib/form";
import { nairobiClock } from "../../../lib/format";
import { useT } from "../../../lib/i18n/i18n";
import { lineName } from "../product-words";
import { herdQueries, useAddEvent } from "./api";
import { cowEventInputSchema } from "./schemas";

const today = () => nairobiClock().slice(0, 10);
const blank = () => ({
  type: "heat",
  date: today(),
  time: "",
  orderItemId: "",
  otherSemen: "",
  technician: "",
  result: "",
  method: "",
  ease: "",
  calfSex: "",
  calfAlive: "yes",
  calfTag: "",
  reason: "",
});
type Values = ReturnType<typeof blank>;

/** The form's text as the event the contract expects: only the fields of the chosen kind. */
function toEvent(v: Values) {
  const some = (s: string) => (s.trim() ? s : undefined);
  const base = { type: v.type, date: v.date };
  switch (v.type) {
    case "insemination":
      return {
        ...base,
        time: some(v.time),
        orderItemId: v.orderItemId ? Number(v.orderItemId) : undefined,
        otherSemen: v.orderItemId ? undefined : some(v.otherSemen),
        technician: some(v.technician),
      };
    case "pd":
      return { ...base, result: some(v.result), method: some(v.method) };
    case "calving":
      return {
        ...base,
        ease: some(v.ease),
        calfSex: some(v.calfSex),
        calfAlive: v.calfAlive === "yes",
        calfTag: some(v.calfTag),
      };
    case "exit":
      return { ...base, reason: some(v.reason) };
    default:
      return base;
  }
}

/** Records what happened to the cow: the fields follow the kind of event, as ADGG records them. */
export function EventForm({ cowId }: { cowId: number }) {
  const t = useT();
  const form = useContractForm({
    schema: cowEventInputSchema,
    initial: blank,
    idPrefix: "event",
    toInput: toEvent,
  });
  const straws = useQuery({ ...herdQueries.straws(), enabled: form.values.type === "insemination" });
  const add = useAddEvent(cowId);
  const onSubmit = form.handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: () => {
        toast({ title: t("cow.saved"), description: t(`event.${input.type}`) });
        form.reset(blank());
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) toast({ variant: "destructive", title: t("cow.failed") });
      },
    }),
  );
  const type = form.values.type;
  const options = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((v) => [v, t(`${prefix}.${v}` as Parameters<typeof t>[0])] as const);
  const left = (straws.data ?? []).filter((s) => s.used < s.bought);
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label={t("cow.record")}>
      <Field label={t("cow.type")} options={options(cowEventTypes, "event")} bind={form.field("type")} />
      <Field label={t("cow.date")} type="date" max={today()} bind={form.field("date")} />
      {type === "insemination" && (
        <>
          <p className="text-sm text-gray-600 sm:col-span-2 dark:text-gray-400">{t("cow.amPm")}</p>
          <Field
            label={t("cow.straw")}
            options={[
              // Blank is semen from elsewhere, so a farmer who picked a straw can change their mind.
              ["", t("cow.otherOption")],
              ...left.map(
                (s) =>
                  [
                    String(s.orderItemId),
                    `${lineName({ ...s, name: s.productName })} (${t("cow.strawsLeft", {
                      left: s.bought - s.used,
                      bought: s.bought,
                      order: s.orderNumber,
                    })})`,
                  ] as const,
              ),
            ]}
            bind={form.field("orderItemId")}
            wide
          />
          {!form.values.orderItemId && (
            <Field label={t("cow.other")} hint={t("cow.otherHint")} bind={form.field("otherSemen")} wide />
          )}
          <Field label={t("cow.time")} type="time" bind={form.field("time")} />
          <Field label={t("cow.technician")} bind={form.field("technician")} />
        </>
      )}
      {type === "pd" && (
        <>
          <Field
            label={t("cow.result")}
            placeholder="–"
            options={[
              ["pregnant", t("cow.pregnant")],
              ["open", t("cow.open")],
            ]}
            bind={form.field("result")}
          />
          <Field
            label={t("cow.method")}
            placeholder="–"
            options={options(pdMethods, "method")}
            bind={form.field("method")}
          />
        </>
      )}
      {type === "calving" && (
        <>
          <Field
            label={t("cow.ease")}
            placeholder="–"
            options={options(calvingEases, "ease")}
            bind={form.field("ease")}
          />
          <Field
            label={t("cow.calfSex")}
            placeholder="–"
            options={options(calfSexes, "sex")}
            bind={form.field("calfSex")}
          />
          <Field
            label={t("cow.calfAlive")}
            options={[
              ["yes", t("common.yes")],
              ["no", t("common.no")],
            ]}
            bind={form.field("calfAlive")}
          />
          <Field label={t("cow.calfTag")} hint={t("cow.calfTagHint")} bind={form.field("calfTag")} />
        </>
      )}
      {type === "exit" && (
        <Field
          label={t("cow.exitReason")}
          placeholder="–"
          options={options(exitReasons, "exit")}
          bind={form.field("reason")}
        />
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          {t("cow.save")}
        </Button>
      </div>
    </form>
  );
}
