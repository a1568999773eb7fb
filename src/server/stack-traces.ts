import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

/**
 * Stack traces that name the TypeScript line, with each source map read when a stack first needs it
 * (decision 63). `--enable-source-maps` read and kept the map of every module that has one as it loaded,
 * the packages' too: about 3 MB of an idle server for traces that are rarely written.
 *
 * Only frames in the files beside this one (the server's bundle) are mapped. Under `--enable-source-maps`
 * or tsx, Node maps every frame itself and this does nothing.
 */
export function mapStackTraces(bundle = new URL(".", import.meta.url).href): void {
  if (process.sourceMapsEnabled) return;
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (file: string): SourceMap | null => {
    let map = maps.get(file);
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(file)}.map`, "utf8")));
      } catch {
        map = null;
      }
      maps.set(file, map);
    }
    return map;
  };

  const where = (frame: NodeJS.CallSite): string => {
    const text = String(frame);
    const file = frame.getFileName();
    const line = frame.getLineNumber();
    const column = frame.getColumnNumber();
    if (!file?.startsWith(bundle) || line === null || column === null) return text;
    try {
      const entry = mapOf(file)?.findEntry(line - 1, column - 1);
      if (!entry || !("originalSource" in entry)) return text;
      const source = new URL(entry.originalSource, file);
      const original = `${source.protocol === "file:" ? fileURLToPath(source) : source.href}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
      return text.replace(`${file}:${line}:${column}`, original);
    } catch {
      return text;
    }
  };

  Error.prepareStackTrace = (error, frames) => {
    let head: string;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = "Error";
    }
    return frames.length === 0 ? head : `${head}\n    at ${frames.map(where).join("\n    at ")}`;
  };
}
