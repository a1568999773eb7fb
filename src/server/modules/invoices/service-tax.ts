import type { serviceKinds } from "../../../contract/orders";
import type { TaxType } from "../../../contract/tax";

type ServiceKind = (typeof serviceKinds)[number];

/**
 * A service's tax type: insemination and embryo transfer are animal husbandry services, exempt (A) as the
 * VAT Act's First Schedule has them; a consultation or any other service is standard-rated (B, 16%).
 */
export function serviceTaxType(kind: ServiceKind | undefined): TaxType {
  return kind === "artificial_insemination" || kind === "embryo_transfer" ? "A" : "B";
}
