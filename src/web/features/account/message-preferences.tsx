import type { MessagingChoice } from "../../../contract/auth";
import { type NotifyChannel, notifyChannels } from "../../../contract/notify-channels";
import { RadioChoices } from "../../components/radio-choices";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { useContractForm } from "../../lib/form";
import { type MessageId, useT } from "../../lib/i18n/i18n";
import { useSession } from "../../lib/session";
import { useChooseMessaging } from "./api";
import { PhoneVerification } from "./phone-verification";
import { messagingChoiceSchema } from "./schemas";

const labels: Record<NotifyChannel, MessageId> = {
  sms: "notify.sms",
  email: "notify.email",
  both: "notify.both",
};

/**
 * How we message this person, saved on their account: the mobile number texts go to, and for a client SMS,
 * email or both for their order and payment messages. Staff get storage alarms on that number.
 */
export function MessagePreferences({ client }: { client: boolean }) {
  const t = useT();
  const user = useSession().data?.user;
  const form = useContractForm({
    schema: messagingChoiceSchema,
    initial: { notifyBy: user?.notifyBy ?? "both", phone: user?.phone ?? "" },
    idPrefix: "messaging",
    toInput: (v): MessagingChoice => ({
      notifyBy: v.notifyBy as NotifyChannel,
      ...(v.phone ? { phone: v.phone } : {}),
    }),
  });
  const save = useChooseMessaging();
  const onSubmit = form.handleSubmit((choice) =>
    save.mutate(choice, {
      onSuccess: () => toast({ title: t("notify.title"), description: t("notify.saved") }),
      onError: (error) => {
        if (!form.showServerErrors(error)) {
          toast({ variant: "destructive", title: t("notify.title"), description: t("notify.failed") });
        }
      },
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("notify.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("notify.title")}>
          <Field label={t("notify.phone")} type="tel" autoComplete="tel" bind={form.field("phone")} />
          {client ? (
            <RadioChoices
              legend={t("notify.hint")}
              choices={notifyChannels.map((c) => ({ value: c, label: t(labels[c]) }))}
              bind={form.field("notifyBy")}
            />
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">{t("notify.staffHint")}</p>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t("notify.saving") : t("notify.save")}
          </Button>
        </form>
        {client && (
          <div className="mt-4">
            <PhoneVerification />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
