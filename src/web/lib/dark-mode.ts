import { useCallback, useState } from "react";
import { storageKeys } from "./storage-keys";

function readDarkMode(): boolean {
  try {
    return localStorage.getItem(storageKeys.darkMode) === "true";
  } catch {
    return false;
  }
}

/** Dark mode on/off, persisted in local storage and applied as the `dark` class on <html>. */
export function useDarkMode(): [boolean, () => void] {
  const [dark, setDark] = useState(readDarkMode);
  const toggle = useCallback(() => {
    setDark((was) => {
      const next = !was;
      document.documentElement.classList.toggle("dark", next);
      try {
        localStorage.setItem(storageKeys.darkMode, String(next));
      } catch {
        // Private mode without storage: the toggle still works for this visit.
      }
      return next;
    });
  }, []);
  return [dark, toggle];
}
