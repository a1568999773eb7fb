export const transactionTypes = ["income", "expense", "transfer"] as const;
export const transactionStatuses = ["completed", "pending", "failed"] as const;
