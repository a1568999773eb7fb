// Plain data, no Zod: the client screens read these before the validation library has loaded.
/** How a client wants order messages: by SMS, by email, or both. */
export const notifyChannels = ["sms", "email", "both"] as const;
export type NotifyChannel = (typeof notifyChannels)[number];
