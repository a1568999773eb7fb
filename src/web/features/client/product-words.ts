import type { ShopProduct } from "../../../contract/client";
import { type BullFacts, bullLabel, lineLabel } from "../../../contract/client-labels";
import { currentLanguage } from "../../lib/i18n/i18n";

/** A product's description in the reader's language: the Kiswahili one where staff have written it. */
export const descriptionOf = (product: Pick<ShopProduct, "description" | "descriptionSw">): string =>
  currentLanguage() === "sw" && product.descriptionSw ? product.descriptionSw : product.description;

/** A cart or order line in the reader's language, naming the bull: two Ayrshire straws no longer read alike. */
export const lineName = (line: BullFacts & { name: string }): string => lineLabel(currentLanguage(), line);

/** Just the bull part of a line ("Eldama Ravine Nguvu (KEN-AY-219), za kawaida"), or "". */
export const bullOf = (line: BullFacts): string => bullLabel(currentLanguage(), line);
