import { Upload } from "lucide-react";
import { useState } from "react";
import { toast } from "../../../components/ui/use-toast";
import { apiErrorFields, apiErrorMessage } from "../../../lib/api";
import { say, useT } from "../../../lib/i18n/i18n";
import { useImportCows } from "./api";

/** Adds a whole herd from a CSV file: every cow or none, with each refused row named under the control. */
export function CowImport() {
  const t = useT();
  const importing = useImportCows();
  const [rows, setRows] = useState<[string, string][]>([]);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setRows([]);
    importing.mutate(await file.text(), {
      onSuccess: (result) => toast({ title: t("herd.imported", { count: result.imported }) }),
      onError: (error) => {
        setRows(Object.entries(apiErrorFields(error)));
        toast({ variant: "destructive", title: t("herd.importFailed"), description: apiErrorMessage(error) });
      },
    });
  };
  return (
    <div className="space-y-2">
      <label
        htmlFor="cow-csv"
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-gray-300 px-3 text-sm font-medium dark:border-gray-700"
      >
        <Upload className="h-4 w-4" aria-hidden /> {t("herd.import")}
      </label>
      <input
        id="cow-csv"
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        aria-describedby="cow-csv-hint"
        disabled={importing.isPending}
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      <p id="cow-csv-hint" className="text-xs text-gray-500">
        {t("herd.importHint")}
      </p>
      {rows.length > 0 && (
        <ul
          className="space-y-1 text-sm text-red-600 dark:text-red-400"
          role="alert"
          data-testid="import-errors"
        >
          {rows.map(([row, why]) => (
            <li key={row}>
              {row}: {say(why)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
