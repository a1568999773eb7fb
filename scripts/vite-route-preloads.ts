import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, Rollup } from "vite";
import {
  EARLY_READS_GLOBAL,
  SESSION_READ,
  STAFF_READS_ANSWERED,
  staffReadsAt,
  staffScreenReads,
} from "../src/contract/first-reads.ts";
import { storageKeys } from "../src/web/lib/storage-keys.ts";

const routesFile = path.resolve("src/web/app/routes.tsx");
const languageModule = (language: string) => `\0virtual:urithi-messages/${language}`;
const staffShell = path.resolve("src/web/app/staff-screen.tsx");

/** `screen("/shop", "title.shop", () => import("../features/client/shop-page")…` in routes.tsx. */
export function routeModules(source: string): { path: string; module: string }[] {
  return [...source.matchAll(/screen\(\s*"([^"]+)",\s*"[^"]+",\s*\(\) => import\("([^"]+)"\)/g)].map((m) => ({
    path: m[1]!,
    module: moduleFile(m[2]!),
  }));
}

/**
 * `const loadOrders = () => import("../features/orders/orders-page");` and `paths: ["/orders"], … load:
 * loadOrders,` in routes.tsx's staff routes: each path with its screen's module.
 */
export function staffRouteModules(source: string): { path: string; module: string }[] {
  const loaders = new Map(
    [...source.matchAll(/const (load\w+) = \(\) => import\("([^"]+)"\)/g)].map((m) => [m[1]!, m[2]!]),
  );
  const routes = [...source.matchAll(/paths: \[([^\]]*)\],[^{}]*?load: (load\w+),/g)];
  // A route written another way would get no preloads without a word: the build stops instead.
  const written = source.match(/paths: \[/g)?.length ?? 0;
  if (routes.length !== written) {
    throw new Error(
      `routes.tsx has ${written} staff routes, ${routes.length} of them as "paths: […], … load: loadX,"`,
    );
  }
  return routes.flatMap((m) => {
    const imported = loaders.get(m[2]!);
    if (!imported) throw new Error(`routes.tsx has no import for ${m[2]}`);
    return [...m[1]!.matchAll(/"([^"]+)"/g)].map((p) => ({ path: p[1]!, module: moduleFile(imported) }));
  });
}

function moduleFile(imported: string): string {
  const base = path.resolve(path.dirname(routesFile), imported);
  const module = [".tsx", ".ts"].map((ext) => base + ext).find((f) => existsSync(f));
  if (!module) throw new Error(`routes.tsx imports ${imported}, which is not a file`);
  return module;
}

/**
 * Lets the first visit to a screen fetch that screen's code and messages (and, for a staff screen, the staff
 * shell's) while the entry script is still downloading, instead of after it: a small inline script in
 * index.html (allowed by the CSP by its hash) adds modulepreload links for the opened path and the visitor's
 * language. On a 400 ms link that is one round trip and the idle gap it leaves.
 */
export function routePreloads(): Plugin {
  return {
    name: "urithi-route-preloads",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk");
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const withImports = (chunk: Rollup.OutputChunk, seen = new Set<string>()): Set<string> => {
          if (seen.has(chunk.fileName)) return seen;
          seen.add(chunk.fileName);
          for (const file of chunk.imports) withImports(byFile.get(file)!, seen);
          return seen;
        };
        const entry = chunks.find((c) => c.isEntry)!;
        const initial = withImports(entry);
        const chunkOf = (module: string) => {
          const chunk = chunks.find((c) => c.moduleIds.includes(module));
          if (!chunk) throw new Error(`no chunk holds ${module}`);
          return chunk;
        };
        const needs = (module: string) =>
          [...withImports(chunkOf(module))].filter((f) => !initial.has(f)).map((f) => `/${f}`);
        const source = readFileSync(routesFile, "utf8");
        // A staff screen opens inside the staff shell, which is a chunk of its own.
        const shell = needs(staffShell);
        const routes: Record<string, readonly string[]> = Object.fromEntries([
          ...routeModules(source).map((r) => [r.path, needs(r.module)] as const),
          ...staffRouteModules(source).map(
            (r) => [r.path, [...new Set([...shell, ...needs(r.module)])]] as const,
          ),
        ]);
        const languages = { en: needs(languageModule("en")), sw: needs(languageModule("sw")) };
        // The language rule is initialLanguage()'s (lib/i18n/i18n.ts): saved choice, else the browser's.
        // Each file once, and each screen's by its place in that list: staff screens share most of theirs.
        const files = [...new Set(Object.values(routes).flat())];
        const byIndex = Object.fromEntries(
          Object.entries(routes).map(([route, needed]) => [route, needed.map((f) => files.indexOf(f))]),
        );
        const script = `(function(){var f=${JSON.stringify(files)};var r=${JSON.stringify(byIndex)}[location.pathname];if(!r)return;r=r.map(function(i){return f[i]});var l;try{l=localStorage.getItem(${JSON.stringify(storageKeys.language)})}catch(e){}if(l!=="en"&&l!=="sw")l=(navigator.languages||[]).some(function(x){return x.toLowerCase().indexOf("sw")===0})?"sw":"en";r.concat(${JSON.stringify(languages)}[l]).forEach(function(h){var k=document.createElement("link");k.rel="modulepreload";k.crossOrigin="";k.href=h;document.head.appendChild(k)})})()`;
        return html.replace(
          /(\s*)<script type="module"/,
          `$1<script>${earlyReadsScript()}</script>$1<script>${script}</script>$1<script type="module"`,
        );
      },
    },
  };
}

/**
 * Starts a staff screen's first API reads as the page opens, while its code downloads
 * (contract/first-reads.ts): each read the permissions kept from the last session (lib/session.ts) let the
 * screen make, left as a promise of its answer for the API client to take (web/lib/early-reads.ts). A page
 * the server drew carries the answers (marked on `<html>`), so nothing is started there. Any other page from
 * the server carries the session's answer; one the installed app's worker answered from its copy does not,
 * so there the session is asked too. A screen opened with a query (a list's page, sort or filter) asks
 * for other URLs than these, so none are started for it.
 */
export function earlyReadsScript(): string {
  const kept = JSON.stringify(storageKeys.staffPermissions);
  const reads = Object.fromEntries(
    Object.keys(staffScreenReads).map((path) => [path, staffReadsAt(path).map((r) => [r.url, r.needs])]),
  );
  return `(function(){var r=${JSON.stringify(reads)}[location.pathname];if(!r||location.search||!window.fetch||document.documentElement.hasAttribute(${JSON.stringify(STAFF_READS_ANSWERED)}))return;var q,e={};try{q=JSON.parse(localStorage.getItem(${kept}))}catch(x){}if(!Array.isArray(q))q=[];function g(u){e[u]=fetch(u,{credentials:"include"}).catch(function(){return null})}if(navigator.serviceWorker&&navigator.serviceWorker.controller)g(${JSON.stringify(SESSION_READ)});r.forEach(function(x){if(q.indexOf(x[1])>=0)g(x[0])});window[${JSON.stringify(EARLY_READS_GLOBAL)}]={path:location.pathname,reads:e}})()`;
}
