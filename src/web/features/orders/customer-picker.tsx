import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import type { Customer } from "../../../contract/customers";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { orderQueries } from "./api";

/**
 * The order's customer, found by name, email or phone and kept by id: two farms with one name stay apart.
 * Only active customers are offered.
 */
export function CustomerPicker({
  value,
  onChange,
  error,
}: {
  value: Customer | null;
  onChange: (customer: Customer | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState("");
  const typed = useDeferredValue(search.trim());
  const found = useQuery({ ...orderQueries.customerSearch(typed), enabled: typed.length >= 2 && !value });
  const options = (found.data ?? []).filter((c) => c.isActive);
  if (value) {
    return (
      <Field label="Customer *" id="order-customer" error={error}>
        <div className="flex items-center justify-between gap-3 rounded-md border border-gray-200 p-2 text-sm dark:border-gray-700">
          <span id="order-customer" data-testid="picked-customer">
            <strong>{value.name}</strong>
            <span className="block text-xs text-gray-500 dark:text-gray-400">
              {value.email} · {value.phone}
            </span>
          </span>
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
            Change
          </Button>
        </div>
      </Field>
    );
  }
  return (
    <Field label="Customer *" id="order-customer" error={error}>
      <div className="space-y-1">
        <Input
          id="order-customer"
          placeholder="Search by name, email or phone"
          value={search}
          autoComplete="off"
          onChange={(e) => setSearch(e.target.value)}
        />
        {typed.length >= 2 && (
          <ul
            className="max-h-48 overflow-y-auto rounded-md border border-gray-200 dark:border-gray-700"
            aria-label="Matching customers"
          >
            {options.length === 0 ? (
              <li className="p-2 text-sm text-gray-500">
                {found.isLoading ? "Searching…" : "No active customer matches"}
              </li>
            ) : (
              options.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="w-full p-2 text-left text-sm hover:bg-brand-50 focus:bg-brand-50 dark:hover:bg-gray-800 dark:focus:bg-gray-800"
                    onClick={() => onChange(c)}
                  >
                    <strong>{c.name}</strong>{" "}
                    <span className="text-xs text-gray-500 dark:text-gray-400">
                      {c.email} · {c.phone}
                    </span>
                  </button>
                </li>
              ))
            )}
          </ul>
        )}
      </div>
    </Field>
  );
}
