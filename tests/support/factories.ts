/**
 * What the tests make their requests from: the site's base URL, real images made on the spot (no binary
 * fixtures in the repository), files as a browser sends them, multipart bodies, and JSON API calls.
 * It imports neither vitest nor app code (sharp only when an image is made), so the Playwright specs use it too.
 */

/** The site's address in tests: setup.ts sets SITE_URL to it, and requests to the route modules go there. */
export const BASE_URL = "http://localhost:3000";

/** An absolute URL on the site: `url("/login")`. */
export const url = (path: string) => BASE_URL + path;

export const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Images and files

export type ImageFormat = "jpeg" | "png" | "webp" | "avif" | "gif" | "tiff";
export type Rgb = { r: number; g: number; b: number };

const EXTENSIONS: Record<ImageFormat, string> = { jpeg: "jpg", png: "png", webp: "webp", avif: "avif", gif: "gif", tiff: "tif" };

/** A real image of one colour, encoded by sharp. */
export async function imageBytes(
  format: ImageFormat = "jpeg",
  width = 600,
  height = 400,
  { background = { r: 20, g: 120, b: 90 } }: { background?: Rgb } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const { default: sharp } = await import("sharp");
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background } })
      .toFormat(format)
      .toBuffer(),
  );
}

/** A file as a file input sends it. */
export const file = (content: BlobPart, name: string, type: string) => new File([content], name, { type });

/** A real image as a file of `image/<format>`, named `photo.jpg`, `photo.png`... unless told otherwise. */
export async function imageFile(
  format: ImageFormat = "jpeg",
  {
    width,
    height,
    background,
    name = `photo.${EXTENSIONS[format]}`,
  }: { width?: number; height?: number; background?: Rgb; name?: string } = {},
): Promise<File> {
  return file(await imageBytes(format, width, height, { background }), name, `image/${format}`);
}

/** A file of `size` bytes that begins like a JPEG (FF D8 FF) and is nothing more: for the size limits. */
export function jpegOfSize(size: number, name = "big.jpg"): File {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff]);
  return file(bytes, name, "image/jpeg");
}

/** What a browser sends for a file input left empty. */
export const noFile = () => file(new Uint8Array(), "", "application/octet-stream");

// ---------------------------------------------------------------------------------------------
// Multipart

/** Form parts, in the order they are sent: text fields and files. */
export type Parts = Record<string, string | File>;

export function formData(parts: Parts): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  return form;
}

/** The parts encoded as a browser encodes them: the bytes, and the Content-Type with its boundary. */
export async function multipartBody(parts: Parts): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string }> {
  const encoded = new Response(formData(parts));
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), type: encoded.headers.get("Content-Type")! };
}

/** A multipart request as a browser sends it, with Content-Type and Content-Length set. */
export async function multipartRequest(
  path: string,
  parts: Parts,
  { method = "POST", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<Request> {
  const { bytes, type } = await multipartBody(parts);
  return new Request(url(path), {
    method,
    body: bytes,
    headers: { "Content-Type": type, "Content-Length": String(bytes.byteLength), ...headers },
  });
}

// ---------------------------------------------------------------------------------------------
// The JSON API

/** How an API call authenticates: a bearer token, a cookie (session, XSRF), and any other headers. */
export type ApiAuth = { token?: string; cookie?: string; headers?: Record<string, string> };

/** An API call's headers: Accept JSON, then the given headers, the bearer token and the cookie. */
export function apiHeaders({ token, cookie, headers = {} }: ApiAuth = {}): Record<string, string> {
  const all: Record<string, string> = { Accept: "application/json", ...headers };
  if (token) all.Authorization = `Bearer ${token}`;
  if (cookie) all.Cookie = cookie;
  return all;
}

export type ApiRequestInit = ApiAuth & { method?: string; json?: unknown; form?: Record<string, string> };

/** A call to the JSON API, with a JSON or form body when one is given. */
export function apiRequest(path: string, { method = "GET", json, form, ...auth }: ApiRequestInit = {}): Request {
  const headers = apiHeaders(auth);
  let body: string | undefined;
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  } else if (form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(form).toString();
  }
  return new Request(url(path), { method, headers, body });
}
