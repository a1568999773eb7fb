import type { Plugin } from "vite";
import { type ManifestOptions, VitePWA } from "vite-plugin-pwa";
import { manifestPaths } from "../src/contract/languages.ts";
import { offlineDataCache } from "../src/web/lib/storage-keys.ts";

/**
 * Client reads a farmer may want again without signal: the catalogue, their orders, their session. A
 * RegExp, not a function: Workbox copies a function's text into sw.js, without what it refers to.
 */
const offlineReads =
  /\/api\/(shop\/products|catalogue(\/\d+|\/breeds)?|client\/(products|catalog|orders)|auth\/me|payment-details)(\?[^/]*)?$/;

const manifest: Partial<ManifestOptions> = {
  id: "/",
  name: "Urithi – Cattle Genetics",
  short_name: "Urithi",
  description: "Embryos, semen and breeding services for Kenyan farmers, delivered cold-chain.",
  lang: "en",
  start_url: "/shop",
  scope: "/",
  display: "standalone",
  background_color: "#ffffff",
  theme_color: "#166534",
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
    { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};

/**
 * The installable app: manifest, icons, and a Workbox service worker that precaches the public and client
 * app shell (not the staff screens or charts: a farmer's data bundle pays for every byte) and keeps the
 * client's reads for offline use. A new version waits until the person reloads (`registerType: "prompt"`),
 * so an open tab never mixes an old page with new chunks; the old precache stays until then.
 */
export function installableApp(): Plugin[] {
  return [
    ...VitePWA({
      registerType: "prompt",
      injectRegister: false,
      includeAssets: ["robots.txt", "icons/*.png", "icons/*.svg"],
      manifest,
      workbox: {
        globPatterns: [
          "index.html",
          "assets/{index,public,client,forms,toaster,en,sw}-*.{js,css}",
          "icons/*.{png,svg}",
        ],
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/assets\//, /\.[a-z0-9]+$/i],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Staff chunks and the rest: hashed names, so a cached one is always right.
            urlPattern: ({ url }) => url.pathname.startsWith("/assets/"),
            handler: "CacheFirst",
            options: { cacheName: "urithi-assets", expiration: { maxEntries: 120 } },
          },
          {
            urlPattern: offlineReads,
            handler: "NetworkFirst",
            options: {
              cacheName: offlineDataCache,
              networkTimeoutSeconds: 8,
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    swahiliManifest(),
  ];
}

/** The same manifest in Kiswahili, linked from a page drawn in Kiswahili (screen-page.ts) and on a switch. */
function swahiliManifest(): Plugin {
  return {
    name: "urithi-manifest-sw",
    apply: "build",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: manifestPaths.sw.slice(1),
        source: JSON.stringify({
          ...manifest,
          name: "Urithi – Vinasaba vya Ng'ombe",
          description:
            "Viinitete, mbegu na huduma za uzalishaji kwa wafugaji wa Kenya, zikiletwa kwa baridi.",
          lang: "sw",
        }),
      });
    },
  };
}
