/** Plain data, no Zod: the scan dialog reads it. */

/** A tank's or canister's label ("T1", "T1-C3"): what the labels of its canes start with. */
export const containerLabelPattern = /^T\d+(-C\d+)?$/i;

/** Any label the store prints but an item's: a tank's, a canister's or a cane's ("T1-C3-2"). */
export const storeLabelPattern = /^T\d+(-C\d+(-\d+)?)?$/i;
