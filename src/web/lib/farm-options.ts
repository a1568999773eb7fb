import { experienceLevels, farmTypes, herdSizes } from "../../contract/farm-profile";
import type { Options } from "../components/ui/field";
import { t } from "./i18n/i18n";

/** The farm profile's choices as select options, in the reader's language: signup and the account page. */
export const farmTypeOptions = (): Options => farmTypes.map((f) => [f, t(`farmType.${f}`)] as const);
export const herdOptions = (): Options =>
  herdSizes.map((h) => [h, t("signup.herdSize", { size: h })] as const);
export const experienceOptions = (): Options =>
  experienceLevels.map((e) => [e, t(`experience.${e}`)] as const);
