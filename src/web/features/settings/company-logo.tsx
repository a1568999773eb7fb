import { ImageUp, Trash2 } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { LOGO_MAX_BYTES, LOGO_TYPE_MESSAGE, logoTypes } from "../../../contract/settings";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { apiErrorFields, apiErrorMessage } from "../../lib/api";
import { useRemoveLogo, useSaveLogo } from "./api";

const LOGO_URL = "/api/settings/company/logo";

/** A file as the data URL the API takes. */
const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** The letterhead's logo: a preview, a file to upload in its place, and a way to go without one. */
export function CompanyLogo({ hasLogo, version }: { hasLogo: boolean; version: number }) {
  const save = useSaveLogo();
  const remove = useRemoveLogo();
  const [error, setError] = useState<string>();
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    // The server says the same; saying it here spares a slow upload of the wrong file.
    if (!(logoTypes as readonly string[]).includes(file.type)) return setError(LOGO_TYPE_MESSAGE);
    if (file.size > LOGO_MAX_BYTES) return setError(`The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`);
    setError(undefined);
    save.mutate(await readDataUrl(file), {
      onSuccess: () => toast({ title: "Logo saved", description: "It heads every PDF from now on." }),
      onError: (e) => setError(apiErrorFields(e).logo ?? apiErrorMessage(e) ?? "The logo was not saved"),
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="flex h-16 w-32 items-center justify-center rounded-md border border-dashed border-gray-300 bg-white p-1 dark:border-gray-600">
        {hasLogo ? (
          <img src={`${LOGO_URL}?v=${version}`} alt="Company logo" className="max-h-full max-w-full" />
        ) : (
          <span className="text-xs text-gray-500">No logo</span>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm font-medium hover:bg-gray-50 focus-within:ring-2 focus-within:ring-green-600 dark:border-gray-600 dark:hover:bg-gray-800"
          >
            <ImageUp className="size-4" aria-hidden />
            {save.isPending ? "Uploading…" : hasLogo ? "Change logo" : "Upload logo"}
            <input
              id={inputId}
              type="file"
              accept={logoTypes.join(",")}
              className="sr-only"
              aria-describedby={error ? errorId : undefined}
              aria-invalid={error ? true : undefined}
              disabled={save.isPending}
              onChange={onFile}
            />
          </label>
          {hasLogo && (
            <Button
              type="button"
              variant="outline"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast({ title: "Logo removed" }),
                  onError: (e) => setError(apiErrorMessage(e) ?? "The logo was not removed"),
                })
              }
            >
              <Trash2 className="size-4" aria-hidden />
              Remove logo
            </Button>
          )}
        </div>
        <p className="text-xs text-gray-500">PNG or JPEG, at most {LOGO_MAX_BYTES / 1024} KB.</p>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
