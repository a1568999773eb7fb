import {
  createCipheriv,
  createDecipheriv,
  createHash,
  type Hash,
  randomBytes,
  scryptSync,
} from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, rename, stat, unlink } from "node:fs/promises";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type BackupManifest, backupManifestSchema } from "../../../contract/backups";

/**
 * A backup file: the database's dump (encrypted when BACKUP_KEY is set), then the manifest as JSON, then the
 * manifest's length (8 bytes) and this mark. The manifest goes last because its checksum is known only once
 * the dump has streamed through; one file travels and copies whole.
 */
const MARK = Buffer.from("URITHI-BACKUP-1\n");
const TRAILER = 8 + MARK.length;

export class BadBackup extends Error {}

/** A stream that passes its bytes on and adds them to `hash`, counting them. */
function tap(hash: Hash, counted: { bytes: number }) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      counted.bytes += chunk.length;
      done(null, chunk);
    },
  });
}

const keyFrom = (secret: string, salt: Buffer) => scryptSync(secret, salt, 32);

/**
 * Writes `dumpFile` into a backup at `target`, encrypted with `secret` when given, with `manifest` (less the
 * payload and encryption, filled in here) at its end. The file appears under its name only once complete and
 * flushed to disk.
 */
export async function writeArchive(
  dumpFile: string,
  target: string,
  manifest: Omit<BackupManifest, "payload" | "encryption">,
  secret: string | undefined,
): Promise<BackupManifest> {
  const partial = `${target}.partial`;
  const hash = createHash("sha256");
  const counted = { bytes: 0 };
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = secret ? createCipheriv("aes-256-gcm", keyFrom(secret, salt), iv) : null;
  try {
    await pipeline([
      createReadStream(dumpFile),
      ...(cipher ? [cipher] : []),
      tap(hash, counted),
      createWriteStream(partial, { mode: 0o600 }),
    ]);
    const full: BackupManifest = {
      ...manifest,
      payload: { bytes: counted.bytes, sha256: hash.digest("hex") },
      encryption: cipher
        ? {
            algorithm: "aes-256-gcm",
            kdf: "scrypt",
            salt: salt.toString("base64"),
            iv: iv.toString("base64"),
            tag: cipher.getAuthTag().toString("base64"),
          }
        : null,
    };
    const json = Buffer.from(JSON.stringify(full));
    const length = Buffer.alloc(8);
    length.writeBigUInt64BE(BigInt(json.length));
    const handle = await open(partial, "a");
    try {
      await handle.write(Buffer.concat([json, length, MARK]));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, target);
    return full;
  } catch (error) {
    await unlink(partial).catch(() => {});
    throw error;
  }
}

/** The manifest at the end of a backup file, checked against its schema; BadBackup when there is none. */
export async function readManifest(file: string): Promise<BackupManifest> {
  const { size } = await stat(file);
  if (size < TRAILER) throw new BadBackup(`${file} is not an Urithi backup (too short)`);
  const handle = await open(file, "r");
  try {
    const trailer = Buffer.alloc(TRAILER);
    await handle.read(trailer, 0, TRAILER, size - TRAILER);
    if (!trailer.subarray(8).equals(MARK)) throw new BadBackup(`${file} is not an Urithi backup`);
    const length = Number(trailer.readBigUInt64BE(0));
    if (length > size - TRAILER) throw new BadBackup(`${file} is damaged: its manifest is cut short`);
    const json = Buffer.alloc(length);
    await handle.read(json, 0, length, size - TRAILER - length);
    const parsed = backupManifestSchema.safeParse(JSON.parse(json.toString("utf8")));
    if (!parsed.success) throw new BadBackup(`${file} has a manifest this version cannot read`);
    if (parsed.data.payload.bytes !== size - TRAILER - length) {
      throw new BadBackup(`${file} is damaged: it holds a different number of bytes than its manifest says`);
    }
    return parsed.data;
  } catch (error) {
    if (error instanceof SyntaxError) throw new BadBackup(`${file} is damaged: its manifest is not JSON`);
    throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Checks a backup's checksum and, decrypting with `secret` when it is encrypted, writes its dump to `dumpFile`.
 * Throws BadBackup when the file is damaged, the key is missing or wrong.
 */
export async function extractDump(
  file: string,
  dumpFile: string,
  secret: string | undefined,
): Promise<BackupManifest> {
  const manifest = await readManifest(file);
  const { encryption } = manifest;
  if (encryption && !secret)
    throw new BadBackup("This backup is encrypted: set BACKUP_KEY to the key it was made with");
  const hash = createHash("sha256");
  const decipher = encryption
    ? createDecipheriv(
        "aes-256-gcm",
        keyFrom(secret!, Buffer.from(encryption.salt, "base64")),
        Buffer.from(encryption.iv, "base64"),
      ).setAuthTag(Buffer.from(encryption.tag, "base64"))
    : null;
  const counted = { bytes: 0 };
  try {
    await pipeline([
      createReadStream(file, { start: 0, end: manifest.payload.bytes - 1 }),
      tap(hash, counted),
      ...(decipher ? [decipher] : []),
      createWriteStream(dumpFile, { mode: 0o600 }),
    ]);
  } catch (error) {
    await unlink(dumpFile).catch(() => {});
    // GCM refuses at the very end, once every byte has gone through the checksum too.
    if (!decipher || counted.bytes !== manifest.payload.bytes) throw error;
    if (hash.digest("hex") !== manifest.payload.sha256) {
      throw new BadBackup(`${file} is damaged: its checksum does not match its manifest`);
    }
    throw new BadBackup("BACKUP_KEY does not open this backup: it was made with another key");
  }
  if (hash.digest("hex") !== manifest.payload.sha256) {
    await unlink(dumpFile).catch(() => {});
    throw new BadBackup(`${file} is damaged: its checksum does not match its manifest`);
  }
  return manifest;
}
