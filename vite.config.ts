import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { compiledMessages } from "./scripts/vite-messages.ts";
import { installableApp } from "./scripts/vite-pwa.ts";
import { routePreloads } from "./scripts/vite-route-preloads.ts";

const outDir = path.resolve("dist/web");

const zodUsers = new Map<string, boolean>();
/**
 * Zod and the contract modules that build schemas with it: the `forms` chunk, which client screens fetch
 * once a form shows (lib/form.ts `schemaOnDemand`) and staff screens import as they load.
 */
function validation(id: string): boolean {
  if (/node_modules[\\/]zod[\\/]/.test(id)) return true;
  if (!/src[\\/]contract[\\/][^\\/]+\.ts$/.test(id)) return false;
  let uses = zodUsers.get(id);
  if (uses === undefined) {
    uses = /from "zod"/.test(readFileSync(id, "utf8"));
    zodUsers.set(id, uses);
  }
  return uses;
}

/**
 * Writes a .br (best Brotli) and a .gz beside every built text file worth compressing, once at build time,
 * so the server sends them as they are instead of compressing the same bytes on every request.
 */
function precompress(): Plugin {
  const worthIt = /\.(js|css|html|svg|json|txt|webmanifest)$/;
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    });
  return {
    name: "urithi-precompress",
    apply: "build",
    // After the service worker plugin has written sw.js and the Workbox runtime.
    closeBundle: {
      order: "post",
      handler() {
        for (const file of files(outDir).filter((f) => worthIt.test(f))) {
          const bytes = readFileSync(file);
          if (bytes.length < 1024) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        }
      },
    },
  };
}

/**
 * The server's build of the public and client screens (`vite build --ssr`, entry-server.tsx): one file with
 * everything in it, run by the server to draw a first page. The browser-only parts (service worker, chunk
 * groups, preloads, precompressed files) are not in it.
 */
const serverBuild: UserConfig = {
  root: "src/web",
  plugins: [react(), compiledMessages(), noServiceWorkerOnServer()],
  ssr: { noExternal: true },
  // Node keeps each module's source text for as long as the process runs: without comments and whitespace,
  // and all ASCII, it is held at one byte a character. Names stay, so a stack trace still reads (decision 40).
  build: {
    outDir: path.resolve("dist/ssr"),
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { output: { charset: "ascii", minify: { mangle: false, compress: false } } },
  },
};

/** The service worker's registration is a browser module; the server's drawing never calls it. */
function noServiceWorkerOnServer(): Plugin {
  const id = "\0urithi-no-pwa";
  return {
    name: "urithi-no-pwa-on-server",
    resolveId: (source) => (source === "virtual:pwa-register" ? id : undefined),
    load: (source) =>
      source === id ? "export const registerSW = () => () => Promise.resolve();" : undefined,
  };
}

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverBuild
    : {
        root: "src/web",
        plugins: [
          react(),
          tailwindcss(),
          compiledMessages(),
          routePreloads(),
          installableApp(),
          precompress(),
        ],
        build: {
          outDir,
          emptyOutDir: true,
          rolldownOptions: {
            output: {
              // A phone on a 400 ms link pays a round trip for every few scripts, so a screen needs at most four:
              // the entry (React, router, query, messages runtime), the language, and one or two area chunks.
              // The toaster comes once the first screen is up (ToastHost). Zod and the contract's schemas are a
              // chunk of their own (`forms`), which client screens fetch once a form shows and staff screens
              // import as they load.
              codeSplitting: {
                groups: [
                  { name: "core", tags: ["$initial"], priority: 50 },
                  {
                    name: "charts",
                    test: /node_modules[\\/](recharts|d3-|victory-vendor)|chart-parts/,
                    priority: 40,
                  },
                  {
                    name: "toaster",
                    test: /src[\\/]web[\\/]components[\\/]ui[\\/]toaster|@radix-ui[\\/]react-toast/,
                    // Below the screens' groups, so the parts it shares with them stay theirs.
                    priority: 8,
                  },
                  {
                    name: "public",
                    // Radix's primitive and the layers the toaster shares with dialogs (portal, presence,
                    // dismissable layer, their hooks) are shared by client screens and the toaster: here, the
                    // toaster loading on the landing page does not pull in the client screens.
                    test: /src[\\/]web[\\/]features[\\/]public[\\/]|@radix-ui[\\/]react-(primitive|portal|presence|dismissable-layer|compose-refs|context|slot|use-[a-z-]+)[\\/]/,
                    priority: 20,
                  },
                  {
                    name: "client",
                    test: /src[\\/]web[\\/](features[\\/](client|auth)|app[\\/](home-screen|client-account-screen))/,
                    priority: 10,
                  },
                  { name: "forms", test: validation, priority: 5 },
                ],
              },
            },
          },
        },
        server: { proxy: { "/api": "http://localhost:5000" } },
      },
);
