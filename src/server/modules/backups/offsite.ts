import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { pipeline } from "node:stream/promises";

/** An S3-compatible bucket (AWS, MinIO, Backblaze, Wasabi…), addressed by path: host/bucket/prefix/key. */
export interface Bucket {
  origin: URL;
  bucket: string;
  prefix: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

/** BACKUP_S3_URL: `https://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix][?region=…]`. */
export function parseBucket(url: string): Bucket {
  const u = new URL(url);
  const [bucket = "", ...prefix] = u.pathname.split("/").filter(Boolean);
  return {
    origin: new URL(u.origin),
    bucket,
    prefix: prefix.length ? `${prefix.join("/")}/` : "",
    region: u.searchParams.get("region") ?? "us-east-1",
    credentials: {
      accessKeyId: decodeURIComponent(u.username),
      secretAccessKey: decodeURIComponent(u.password),
    },
  };
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** One signed (SigV4) request to the bucket; answers the status and body, and throws on anything but 2xx. */
async function send(
  bucket: Bucket,
  method: "PUT" | "DELETE" | "GET",
  key: string,
  body?: { file: string; bytes: number; sha256: string },
): Promise<{ status: number; body: Buffer }> {
  const path = `/${bucket.bucket}/${bucket.prefix}${key}`.split("/").map(encodeURIComponent).join("/");
  // aws4 loads with the first off-site copy, not at start (decision 46).
  const { default: aws4 } = await import("aws4");
  const signed = aws4.sign(
    {
      host: bucket.origin.host,
      path,
      method,
      service: "s3",
      region: bucket.region,
      headers: body
        ? { "Content-Length": String(body.bytes), "X-Amz-Content-Sha256": body.sha256 }
        : { "X-Amz-Content-Sha256": createHash("sha256").digest("hex") },
    },
    bucket.credentials,
  );
  const request = bucket.origin.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        protocol: bucket.origin.protocol,
        hostname: bucket.origin.hostname,
        port: bucket.origin.port || undefined,
        method,
        path,
        headers: signed.headers as Record<string, string>,
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          const answer = Buffer.concat(chunks);
          if (status >= 200 && status < 300) resolve({ status, body: answer });
          else {
            const code = /<Code>([^<]+)<\/Code>/.exec(answer.toString())?.[1] ?? "";
            reject(new Error(`S3 ${method} ${key} answered ${status}${code ? ` ${code}` : ""}`));
          }
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`S3 ${method} ${key} timed out`)));
    req.on("error", reject);
    if (body) createReadStream(body.file).on("error", reject).pipe(req);
    else req.end();
  });
}

/** Copies `file` to the bucket under `key`. */
export async function putFile(bucket: Bucket, key: string, file: string): Promise<void> {
  const { size } = await stat(file);
  await send(bucket, "PUT", key, { file, bytes: size, sha256: await sha256Of(file) });
}

export async function deleteObject(bucket: Bucket, key: string): Promise<void> {
  await send(bucket, "DELETE", key);
}

/** The object's bytes (tests and a restore from the off-site copy). */
export async function getObject(bucket: Bucket, key: string): Promise<Buffer> {
  return (await send(bucket, "GET", key)).body;
}
