import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// AES-256-GCM with a random 96-bit IV per value (decision 0027). The context is authenticated data: a value sealed for
// one admin does not open as another's, and any change to a stored value makes it fail to open.

const FORMAT = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

const encode = (bytes: Buffer) => bytes.toString("base64url");

/** `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function sealWith(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [FORMAT, encode(iv), encode(cipher.getAuthTag()), encode(data)].join(".");
}

export function openWith(key: Buffer, sealed: string, context: string): string | null {
  const [format, iv, tag, data, ...rest] = sealed.split(".");
  if (format !== FORMAT || iv === undefined || tag === undefined || data === undefined || rest.length) return null;
  const ivBytes = Buffer.from(iv, "base64url");
  const tagBytes = Buffer.from(tag, "base64url");
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    // Another key, another context, or an altered value: GCM's tag does not match.
    return null;
  }
}

/** A key given as base64 (or base64url): exactly 32 bytes, else null. */
export function decodeKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return key.length === KEY_BYTES ? key : null;
}

export function newKey(): string {
  return randomBytes(KEY_BYTES).toString("base64");
}
