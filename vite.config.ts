import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const outDir = path.resolve("dist/web");

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
    closeBundle() {
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
  };
}

export default defineConfig({
  root: "src/web",
  plugins: [react(), tailwindcss(), precompress()],
  build: { outDir, emptyOutDir: true },
  server: { proxy: { "/api": "http://localhost:5000" } },
});
