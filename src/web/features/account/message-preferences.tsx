import { type FormEvent, useState } from "react";
import { type NotifyChannel, notifyChannels } from "../../../contract/messages";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { toastOutcome } from "../../components/ui/use-toast";
import { type MessageId, useT } from "../../lib/i18n/i18n";
import { useSession } from "../../lib/session";
import { useChooseNotify } from "./api";

const labels: Record<NotifyChannel, MessageId> = {
  sms: "notify.sms",
  email: "notify.email",
  both: "notify.both",
};

/** A client's choice of SMS, email or both for order and payment messages, saved on their account. */
export function MessagePreferences() {
  const t = useT();
  const saved = useSession().data?.user.notifyBy ?? "both";
  const [choice, setChoice] = useState<NotifyChannel | null>(null);
  const current = choice ?? saved;
  const save = useChooseNotify();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      current,
      toastOutcome(
        { title: t("notify.title"), description: t("notify.saved", { channel: t(labels[current]) }) },
        t("notify.failed"),
        { serverWords: false, after: () => setChoice(null) },
      ),
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("notify.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="text-sm text-gray-600 dark:text-gray-400">{t("notify.hint")}</legend>
            {notifyChannels.map((c) => (
              <label key={c} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="notifyBy"
                  value={c}
                  className="accent-brand-700"
                  checked={current === c}
                  onChange={() => setChoice(c)}
                />
                {t(labels[c])}
              </label>
            ))}
          </fieldset>
          <Button type="submit" disabled={save.isPending || current === saved}>
            {save.isPending ? t("notify.saving") : t("notify.save")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
