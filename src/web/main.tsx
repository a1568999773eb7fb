import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { isLanguage } from "../contract/languages";
import { App } from "./app/App";
import { warmRoute } from "./app/warm-route";
import {
  keepFirstAnswersOffline,
  readFirstAnswers,
  seedEarlyAnswers,
  seedFirstAnswers,
} from "./lib/first-answers";
import { activate, initialLanguage } from "./lib/i18n/i18n";
import { queryClient } from "./lib/query-client";
import "./styles.css";

const answers = readFirstAnswers();
seedFirstAnswers(queryClient, answers, window.location.pathname);
keepFirstAnswersOffline(answers);
seedEarlyAnswers(queryClient);

const root = document.getElementById("root")!;
const language = initialLanguage();
// The server drew the screen (a public, client or first staff one) in the language it was told (the cookie activate() writes).
// The browser takes that drawing over only in the same language; otherwise it draws the screen afresh.
const drawn =
  root.hasChildNodes() &&
  isLanguage(document.documentElement.lang) &&
  document.documentElement.lang === language;
// The language's messages load beside the first screen's code.
const languageReady = activate(language);
warmRoute(window.location.pathname);

const app = (
  <StrictMode>
    <App client={queryClient} languageReady={languageReady} />
  </StrictMode>
);
if (drawn) hydrateRoot(root, app);
else {
  root.removeAttribute("inert");
  createRoot(root).render(app);
}
