import { useQuery } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { marketingWording } from "../../../contract/marketing-wording";
import { LinkButton } from "../../components/link-button";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { currentLanguage, useT } from "../../lib/i18n/i18n";
import { consentsQuery, myDataUrl, useMarketingConsent } from "./api";
import { DeleteAccountDialog } from "./delete-account-dialog";

/** A client's data rights on /client-account: a copy of their data, marketing on or off, deleting the account. */
export function MyDataCard() {
  const t = useT();
  const consents = useQuery(consentsQuery());
  const marketing = useMarketingConsent();
  const [deleting, setDeleting] = useState(false);
  const language = currentLanguage();
  const choose = (granted: boolean) =>
    marketing.mutate(
      { granted, language },
      {
        onSuccess: () => toast({ title: t("mydata.marketingSaved") }),
        onError: () => toast({ variant: "destructive", title: t("mydata.marketingFailed") }),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("mydata.title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="space-y-2">
          <p className="text-sm text-gray-600 dark:text-gray-400">{t("mydata.hint")}</p>
          <LinkButton href={myDataUrl} download variant="outline">
            <Download /> {t("mydata.download")}
          </LinkButton>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t("mydata.marketing")}</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
              checked={consents.data?.marketing ?? false}
              disabled={!consents.data || marketing.isPending}
              onChange={(e) => choose(e.target.checked)}
            />
            {marketingWording[language]}
          </label>
        </fieldset>
        <div className="space-y-2 border-t border-gray-200 pt-4 dark:border-gray-800">
          <p className="text-sm text-gray-600 dark:text-gray-400">{t("mydata.deleteHint")}</p>
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            <Trash2 /> {t("mydata.delete")}
          </Button>
        </div>
      </CardContent>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </Card>
  );
}
