import type { ShopProduct } from "../../../contract/client";
import { currentLanguage } from "../../lib/i18n/i18n";

/** A product's description in the reader's language: the Kiswahili one where staff have written it. */
export const descriptionOf = (product: Pick<ShopProduct, "description" | "descriptionSw">): string =>
  currentLanguage() === "sw" && product.descriptionSw ? product.descriptionSw : product.description;
