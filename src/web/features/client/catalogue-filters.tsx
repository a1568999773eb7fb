import { useQuery } from "@tanstack/react-query";
import { SlidersHorizontal } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { catalogueSorts } from "../../../contract/catalogue-limits";
import { catalogueRegions } from "../../../contract/counties";
import { ChoiceSelect } from "../../components/choice-select";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { SearchInput } from "../../components/ui/search-input";
import { type MessageId, say, useT } from "../../lib/i18n/i18n";
import { clientQueries } from "./api";
import type { CatalogueParam, CatalogueParams } from "./catalogue-params";
import { traitParams } from "./catalogue-params";

/** A number the farmer types, sent once they pause, so each keystroke is not a search. */
function NumberFilter({
  label,
  value,
  step = "1",
  onChange,
}: {
  label: string;
  value: string | undefined;
  step?: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState(value ?? "");
  useEffect(() => setTyped(value ?? ""), [value]);
  useEffect(() => {
    if (typed === (value ?? "")) return;
    const timer = setTimeout(() => onChange(typed), 500);
    return () => clearTimeout(timer);
  }, [typed, value, onChange]);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-gray-700 dark:text-gray-300">
        {label}
      </label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        step={step}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
    </div>
  );
}

function Flag({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="h-5 w-5 accent-brand-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/** The shop's search: text, type, breed and sort in view; trait filters behind "More filters". */
export function CatalogueFilters({
  params,
  change,
}: {
  params: CatalogueParams;
  change: (changes: CatalogueParams) => void;
}) {
  const t = useT();
  const breeds = useQuery(clientQueries.catalogueBreeds());
  const active = traitParams.filter((k) => params[k]).length;
  const [open, setOpen] = useState(active > 0);
  const [search, setSearch] = useState(params.search ?? "");
  useEffect(() => setSearch(params.search ?? ""), [params.search]);
  useEffect(() => {
    if (search === (params.search ?? "")) return;
    const timer = setTimeout(() => change({ search }), 300);
    return () => clearTimeout(timer);
  }, [search, params.search, change]);
  const set = (key: CatalogueParam) => (value: string) => change({ [key]: value === "all" ? "" : value });
  const flag = (key: CatalogueParam) => (on: boolean) => change({ [key]: on ? "true" : "" });

  return (
    <Card className="mb-6 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <SearchInput
          label={t("shop.search")}
          placeholder={t("shop.searchHint")}
          value={search}
          onChange={setSearch}
        />
        <ChoiceSelect
          label={t("shop.type")}
          all={t("shop.allTypes")}
          className="sm:w-40"
          options={[
            ["embryo", t("shop.type.embryo")],
            ["semen", t("shop.type.semen")],
          ]}
          value={params.type ?? "all"}
          onChange={set("type")}
        />
        <ChoiceSelect
          label={t("shop.breed")}
          all={t("shop.allBreeds")}
          className="sm:w-56"
          options={(breeds.data ?? []).map((b) => [b.breed, `${b.breed} (${b.count})`] as const)}
          value={params.breed ?? "all"}
          onChange={set("breed")}
        />
        <ChoiceSelect
          label={t("catalogue.sort")}
          className="sm:w-52"
          options={catalogueSorts.map((s) => [s, t(`catalogue.sort.${s}` as MessageId)] as const)}
          value={params.sort ?? "name"}
          onChange={(v) => change({ sort: v === "name" ? "" : v })}
        />
        <Button variant="outline" aria-expanded={open} onClick={() => setOpen(!open)}>
          <SlidersHorizontal /> {t("catalogue.moreFilters", { count: active })}
        </Button>
      </div>
      {open && (
        <div className="mt-4 grid gap-3 border-t border-gray-200 pt-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-gray-800">
          <ChoiceSelect
            label={t("catalogue.semenType")}
            all={t("catalogue.semenType.any")}
            options={[
              ["sexed", t("catalogue.semenType.sexed")],
              ["conventional", t("catalogue.semenType.conventional")],
            ]}
            value={params.semenType ?? "all"}
            onChange={set("semenType")}
          />
          <ChoiceSelect
            label={t("catalogue.heatTolerance")}
            all={`${t("catalogue.heatTolerance")}: ${t("catalogue.heat.any")}`}
            options={[
              ["moderate", `${t("catalogue.heatTolerance")}: ${t("catalogue.heat.moderate")}`],
              ["high", `${t("catalogue.heatTolerance")}: ${t("catalogue.heat.high")}`],
            ]}
            value={params.heatTolerance ?? "all"}
            onChange={set("heatTolerance")}
          />
          <ChoiceSelect
            label={t("catalogue.region")}
            all={t("catalogue.region.any")}
            options={[...catalogueRegions].sort().map((r) => [r, say(r)] as const)}
            value={params.region ?? "all"}
            onChange={set("region")}
          />
          <div className="flex flex-wrap gap-x-4">
            <Flag label={t("catalogue.a2a2")} checked={params.a2a2 === "true"} onChange={flag("a2a2")} />
            <Flag
              label={t("catalogue.polled")}
              checked={params.polled === "true"}
              onChange={flag("polled")}
            />
          </div>
          <NumberFilter label={t("catalogue.milkMin")} value={params.milkMin} onChange={set("milkMin")} />
          <NumberFilter
            label={t("catalogue.fatPctMin")}
            step="0.01"
            value={params.fatPctMin}
            onChange={set("fatPctMin")}
          />
          <NumberFilter
            label={t("catalogue.calvingEaseMax")}
            step="0.1"
            value={params.calvingEaseMax}
            onChange={set("calvingEaseMax")}
          />
          <NumberFilter
            label={t("catalogue.reliabilityMin")}
            value={params.reliabilityMin}
            onChange={set("reliabilityMin")}
          />
          <NumberFilter label={t("catalogue.priceMin")} value={params.priceMin} onChange={set("priceMin")} />
          <NumberFilter label={t("catalogue.priceMax")} value={params.priceMax} onChange={set("priceMax")} />
          <Button
            variant="ghost"
            className="self-end"
            onClick={() => change(Object.fromEntries(traitParams.map((k) => [k, ""])))}
          >
            {t("catalogue.clear")}
          </Button>
        </div>
      )}
    </Card>
  );
}
