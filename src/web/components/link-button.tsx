import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button, type ButtonProps } from "./ui/button";

/**
 * A link that looks like a button: a screen of the app (`href`), or with `download` a file the server
 * makes (an export), fetched by the browser itself.
 */
export function LinkButton({
  href,
  download,
  children,
  ...button
}: Pick<ButtonProps, "variant" | "size" | "className" | "aria-label"> & {
  href: string;
  download?: boolean;
  children: ReactNode;
}) {
  return (
    <Button asChild {...button}>
      {download ? (
        <a href={href} download>
          {children}
        </a>
      ) : (
        <Link href={href}>{children}</Link>
      )}
    </Button>
  );
}
