import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Below this a response goes out as it is: compressing it would cost more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli, else gzip, for every compressible response (HTML, JS, CSS, JSON) over the threshold. Dynamic
 * answers use a quick Brotli level: on a slow phone link most of the gain comes from the first levels, and
 * the top ones cost the server far more. Built assets arrive precompressed at the top level instead.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies are never inflated: a small compressed body must not grow past the body limit.
    globalDecompression: false,
    encodings: ["br", "gzip"],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
