import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

/** How farmers reach us: one number for calls and WhatsApp, a mailbox per purpose. */
export const urithiContact = {
  phone: "+254 700 123 456",
  email: { info: "info@urithi.co.ke", orders: "orders@urithi.co.ke", support: "support@urithi.co.ke" },
} as const;

const digits = (phone: string) => phone.replace(/[^\d+]/g, "");
const linkClass = "text-brand-700 underline underline-offset-2 dark:text-brand-500";

type LinkProps = Omit<ComponentProps<"a">, "href" | "children">;

/** A phone number a phone can call with one tap. */
export function TelLink({ phone, className, ...props }: LinkProps & { phone: string }) {
  return (
    <a href={`tel:${digits(phone)}`} className={cn(linkClass, className)} {...props}>
      {phone}
    </a>
  );
}

/** An address the phone's mail app opens. */
export function MailLink({ email, className, ...props }: LinkProps & { email: string }) {
  return (
    <a href={`mailto:${email}`} className={cn(linkClass, className)} {...props}>
      {email}
    </a>
  );
}

/** The same number in WhatsApp (wa.me wants the digits without the plus). */
export function WhatsAppLink({ phone, className, ...props }: LinkProps & { phone: string }) {
  return (
    <a
      href={`https://wa.me/${digits(phone).replace("+", "")}`}
      className={cn(linkClass, className)}
      {...props}
    >
      {phone}
    </a>
  );
}
