import { useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { Passkey } from "../../../contract/passkeys";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { LoadingBars } from "../../components/ui/loading-bars";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { useTextField } from "../../lib/form";
import { formatDateTime } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { usePlatformAuthenticator } from "../../lib/platform-authenticator";
import { passkeysQuery, useAddPasskey, useRemovePasskey } from "./api";
import { deviceName } from "./session-list";

/** What the browser's refusal means to the person: a cancel or a timeout, or a device that has one already. */
function addFailure(error: unknown, t: ReturnType<typeof useT>): string {
  if (error instanceof Error && error.name === "InvalidStateError") return t("passkey.already");
  if (errorStatus(error) !== undefined) return apiErrorMessage(error) ?? t("passkey.addFailed");
  return t("passkey.addFailed");
}

/** The person's passkeys on /account and /client-account: add one on this device, see them, remove one. */
export function PasskeysCard() {
  const t = useT();
  const list = useQuery(passkeysQuery());
  const platform = usePlatformAuthenticator();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  // "Chrome on Android" names it until the person gives it a name of their own.
  const thisDevice = typeof navigator === "undefined" ? "" : deviceName(navigator.userAgent);
  const name = useTextField("passkey-name", thisDevice);
  const [removing, setRemoving] = useState<Passkey>();

  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(name.value.trim() || thisDevice, {
      onSuccess: () => toast({ title: t("passkey.added") }),
      onError: (error) => toast({ variant: "destructive", title: addFailure(error, t) }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("passkey.title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("passkey.hint")}</p>
        {!list.data ? (
          <LoadingBars />
        ) : list.data.length === 0 ? (
          <p className="text-sm">{t("passkey.none")}</p>
        ) : (
          <ul className="divide-y divide-gray-200 dark:divide-gray-800" aria-label={t("passkey.title")}>
            {list.data.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="passkey-row">
                <KeyRound className="size-5 shrink-0 text-gray-500" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">
                    {p.name}{" "}
                    {p.backedUp && (
                      <Badge tone="green" className="ml-1">
                        {t("passkey.synced")}
                      </Badge>
                    )}
                  </p>
                  <p className="text-sm text-gray-500 dark:text-gray-400">
                    {t("passkey.line", {
                      added: formatDateTime(p.createdAt),
                      used: p.lastUsedAt ? formatDateTime(p.lastUsedAt) : t("passkey.never"),
                    })}
                  </p>
                </div>
                <Button variant="outline" size="sm" onClick={() => setRemoving(p)}>
                  {t("passkey.remove")}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {platform === false ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">{t("passkey.unsupported")}</p>
        ) : (
          <form onSubmit={onAdd} className="space-y-3" aria-label={t("passkey.add")}>
            <Field label={t("passkey.name")} bind={name} />
            <Button type="submit" disabled={add.isPending || platform === null}>
              <KeyRound /> {add.isPending ? t("passkey.adding") : t("passkey.add")}
            </Button>
          </form>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(open) => !open && setRemoving(undefined)}
        title={t("passkey.removeTitle", { name: removing?.name ?? "" })}
        description={t("passkey.removeText")}
        confirmLabel={t("passkey.remove")}
        cancelLabel={t("passkey.cancel")}
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(undefined);
              toast({ title: t("passkey.removed") });
            },
          })
        }
      />
    </Card>
  );
}
