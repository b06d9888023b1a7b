import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import * as uploadsRoute from "~/routes/uploads.$";
import { connectDb } from "~/server/db.server";
import {
  imageStore,
  type ImageStore,
  UploadError,
  deleteImage,
  parseMultipartForm,
  readImageHeader,
  storeImage,
  uploadMessages,
} from "~/server/uploads.server";
import { call, get } from "../support/remix";
import { STORES, storedNames, useStore } from "../support/uploads";
import { BASE_URL, file, formData, imageBytes, imageFile, jpegOfSize, MB } from "../support/factories";

process.env.MAX_UPLOAD_MB = "1";

beforeAll(() => connectDb());

/** The bytes of a stored file, read back through the store. */
async function stored(name: string): Promise<Buffer> {
  const image = await imageStore().open(name);
  expect(image).not.toBeNull();
  return Buffer.from(await new Response(image!.body()).arrayBuffer());
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

// The same tests with either image store.
describe.each(STORES)("with UPLOAD_STORE=%s", (store) => {
  beforeAll(() => useStore(store));

  describe("storeImage", () => {
    it.each(["jpeg", "png", "webp", "avif", "gif"] as const)(
      "accepts a real %s image and stores 480, 960 and 1600 px WebP variants",
      async (format) => {
        const before = await storedNames();
        const url = await storeImage(await imageFile(format, { width: 2000, height: 1250 }));
        expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}-1600\.webp$/);
        const id = /([0-9a-f]{32})/.exec(url)![1];
        const added = (await storedNames()).filter((name) => !before.includes(name));
        expect(added).toEqual([`${id}-1600.webp`, `${id}-480.webp`, `${id}-960.webp`]);
        const meta = await sharp(await stored(`${id}-480.webp`)).metadata();
        expect(meta).toMatchObject({ format: "webp", width: 480 });
        expect((await sharp(await stored(`${id}-1600.webp`)).metadata()).width).toBe(1600);
        await deleteImage(url);
        expect(await storedNames()).toEqual(before);
      },
    );

    it("judges by the bytes, not the name or the claimed type", async () => {
      const png = await imageBytes("png", 600, 400);
      const url = await storeImage(file(png, "notes.txt", "text/plain"));
      expect(url).toMatch(/^\/uploads\//);
      await deleteImage(url);
    });

    it.each([
      ["a text file renamed .jpg", () => file("just some text, not a picture", "photo.jpg", "image/jpeg"), uploadMessages.notAnImage, 415],
      [
        "an SVG",
        () =>
          file('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "logo.svg", "image/svg+xml"),
        uploadMessages.svg,
        415,
      ],
      ["an empty file", () => file(new Uint8Array(), "empty.png", "image/png"), uploadMessages.notAnImage, 415],
    ])("refuses %s and leaves nothing stored", async (_label, make, message, status) => {
      const before = await storedNames();
      const error = await refusal(storeImage(make()));
      expect(error.message).toBe(message);
      expect(error.status).toBe(status);
      expect(await storedNames()).toEqual(before);
    });

    it("refuses a truncated image and leaves nothing stored", async () => {
      const jpeg = await imageBytes("jpeg", 1200, 800);
      const before = await storedNames();
      const error = await refusal(storeImage(file(jpeg.subarray(0, Math.floor(jpeg.length / 2)), "cut.jpg", "image/jpeg")));
      expect(error).toMatchObject({ message: uploadMessages.damaged, status: 422 });
      expect(await storedNames()).toEqual(before);
    });

    it("refuses a file over MAX_UPLOAD_MB with a clear message", async () => {
      const error = await refusal(storeImage(jpegOfSize(MB + 1)));
      expect(error).toMatchObject({ message: "The image must be at most 1 MB", status: 413 });
    });
  });

  describe("parseMultipartForm", () => {
    it("answers an oversize part with a 413 UploadError, not a crash", async () => {
      const form = formData({ title: "Big", image: jpegOfSize(MB + 10) });
      const request = new Request("http://localhost/x", { method: "POST", body: form });
      const error = await refusal(parseMultipartForm(request));
      expect(error).toMatchObject({ message: "The image must be at most 1 MB", status: 413 });
    });

    it("reads text fields and files within the limit", async () => {
      const form = formData({ title: "Small", image: await imageFile("png", { width: 100, height: 100, name: "small.png" }) });
      const parsed = await parseMultipartForm(new Request("http://localhost/x", { method: "POST", body: form }));
      expect(parsed.get("title")).toBe("Small");
      expect((parsed.get("image") as File).size).toBeGreaterThan(0);
    });
    it("removes the variants already written when a later one fails, leaving no orphan", async () => {
      const store = imageStore();
      let saves = 0;
      const failing: ImageStore = {
        ...store,
        async save(name, data) {
          if (++saves === 2) throw new Error("the store failed mid-upload");
          return store.save(name, data);
        },
      };
      const before = await storedNames();
      await expect(storeImage(await imageFile("png", { width: 900, height: 600 }), failing)).rejects.toThrow("the store failed mid-upload");
      expect(saves).toBe(2);
      expect(await storedNames()).toEqual(before);
    });
  });

  describe("GET /uploads/*", () => {
    it("serves a stored image with long-lived cache headers", async () => {
      const url = await storeImage(await imageFile("png", { width: 800, height: 500 }));
      const name = url.replace("/uploads/", "").replace("-1600", "-480");
      const result = await call(uploadsRoute.loader, get(`/uploads/${name}`), { "*": name });
      expect(result.status).toBe(200);
      expect(result.headers.get("Content-Type")).toBe("image/webp");
      expect(result.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(result.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(result.headers.get("ETag")).toMatch(/^"[0-9a-f]{32}-480-\d+"$/);
      const body = new Uint8Array(await result.response!.arrayBuffer());
      expect((await readImageHeader(body)).kind).toBe("webp");
      expect(result.headers.get("Content-Length")).toBe(String(body.byteLength));
      expect(Buffer.from(body).equals(await stored(name))).toBe(true);
    });

    it("answers a matching If-None-Match with 304 and no body, and a stale one with the image", async () => {
      const url = await storeImage(await imageFile("png", { width: 800, height: 500 }));
      const name = url.replace("/uploads/", "");
      const first = await call(uploadsRoute.loader, get(`/uploads/${name}`), { "*": name });
      const etag = first.headers.get("ETag")!;
      const again = await uploadsRoute.loader({
        request: new Request(`${BASE_URL}/uploads/${name}`, { headers: { "If-None-Match": `W/"x", ${etag}` } }),
        params: { "*": name },
        context: {},
      });
      expect(again.status).toBe(304);
      expect(again.headers.get("ETag")).toBe(etag);
      expect(again.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(await again.text()).toBe("");
      const stale = await uploadsRoute.loader({
        request: new Request(`${BASE_URL}/uploads/${name}`, { headers: { "If-None-Match": '"other"' } }),
        params: { "*": name },
        context: {},
      });
      expect(stale.status).toBe(200);
      await deleteImage(url);
      expect((await call(uploadsRoute.loader, get(`/uploads/${name}`), { "*": name })).status).toBe(404);
    });

    it.each(["../package.json", "..%2Fpackage.json", "unknown.webp", "0123456789abcdef0123456789abcdef-1600.webp"])(
      "answers 404 for %s",
      async (name) => {
        const result = await call(uploadsRoute.loader, get(`/uploads/${name}`), { "*": name });
        expect(result.status).toBe(404);
      },
    );
  });
});

describe("readImageHeader", () => {
  it("tells the accepted formats apart by sharp's reading of their headers", async () => {
    for (const format of ["jpeg", "png", "webp", "avif", "gif"] as const) {
      expect(await readImageHeader(await imageBytes(format, 20, 10))).toEqual({ kind: format, width: 20, height: 10 });
    }
  });

  it.each([
    [
      "an SVG, never handed to the renderer",
      () => new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      uploadMessages.svg,
      415,
    ],
    ["a TIFF (sharp reads it; the site does not take it)", () => imageBytes("tiff", 20, 10), uploadMessages.notAnImage, 415],
    [
      "a HEIC (HEIF, not AV1)",
      async () =>
        new Uint8Array(
          await sharp({ create: { width: 16, height: 16, channels: 3, background: "#000" } })
            .heif({ compression: "hevc" })
            .toBuffer()
            .catch(() => Buffer.from("no hevc encoder")),
        ),
      uploadMessages.notAnImage,
      415,
    ],
    ["text", () => new TextEncoder().encode("hello"), uploadMessages.notAnImage, 415],
    ["nothing", () => new Uint8Array(), uploadMessages.notAnImage, 415],
    ["a PNG cut inside its header", async () => (await imageBytes("png", 20, 10)).subarray(0, 20), uploadMessages.damaged, 422],
  ])("refuses %s", async (_label, make, message, status) => {
    const error = await refusal(readImageHeader(await make()));
    expect(error).toMatchObject({ message, status });
  });
});

describe("parseMultipartForm with an oversize file", () => {
  it("keeps the text fields typed beside it on the error", async () => {
    const form = formData({ title: "Kept title", image: jpegOfSize(MB + 10), client: "Kept client" });
    const error = await refusal(parseMultipartForm(new Request("http://localhost/x", { method: "POST", body: form })));
    expect(error.status).toBe(413);
    expect(error.fields?.get("title")).toBe("Kept title");
    expect(error.fields?.get("client")).toBe("Kept client");
  });
});

describe("parseMultipartForm with a body far over the limit", () => {
  it("refuses it from its declared length without reading it", async () => {
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(21 * 1024 * 1024) },
      body: "--x--",
    });
    const error = await refusal(parseMultipartForm(request));
    expect(error).toMatchObject({ message: "The request is too large: the image must be at most 1 MB", status: 413 });
  });
});
