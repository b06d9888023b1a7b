import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import mongoose from "mongoose";
import tar from "tar-stream";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueToken } from "~/domain/access.server";
import { prepareResetMail } from "~/domain/password-resets.server";
import { seedDemoContent } from "~/domain/seed.server";
import { CaptchaNonceModel } from "~/models/captcha-nonce.server";
import { CaseStudyModel } from "~/models/case-study.server";
import { AutoReplyClaimModel } from "~/models/auto-reply-claim.server";
import { WebhookDeliveryModel } from "~/models/webhook-delivery.server";
import { WebhookEndpointModel } from "~/models/webhook-endpoint.server";
import { MailOutboxModel } from "~/models/mail-outbox.server";
import * as dashboard from "~/routes/dashboard";
import { SettingModel } from "~/models/setting.server";
import { collectionNames } from "~/server/archive/format.server";
import { importArchive } from "~/server/archive/import.server";
import { verifyArchive } from "~/server/archive/read.server";
import { writeArchive } from "~/server/archive/write.server";
import { connectDb } from "~/server/db.server";
import { gridFsStore, imageStore, type ImageStore, storeImage } from "~/server/uploads.server";
import { passwords } from "~/server/passwords.server";
import { hit } from "~/server/rate-limit.server";
import { imageFile } from "../support/factories";
import { call, get } from "../support/remix";
import { signedInAdmin } from "../support/session";

const { EJSON } = mongoose.mongo.BSON;
const folder = mkdtempSync(path.join(tmpdir(), "studio-archive-"));
const db = () => mongoose.connection.db!;
const disk = () => imageStore();

async function everything(): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const name of await collectionNames(db())) {
    const docs = await db().collection(name).find({}).sort({ _id: 1 }).toArray();
    if (docs.length) all[name] = docs.map((doc) => EJSON.stringify(doc, { relaxed: false }));
  }
  return all;
}

/**
 * Who is signed in, the limits' counters, used captcha questions, mail not yet sent, who was autoresponded today,
 * webhook deliveries not yet sent: never in an export.
 */
const LIVE = ["auto_reply_claims", "captcha_nonces", "mail_outbox", "rate_limits", "sessions", "webhook_deliveries"];

const durable = (all: Record<string, string[]>) => Object.fromEntries(Object.entries(all).filter(([name]) => !LIVE.includes(name)));

async function imageHashes(store: ImageStore): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const name of await store.list()) {
    const hash = createHash("sha256");
    for await (const chunk of Readable.fromWeb((await store.open(name))!.body() as WebReadableStream<Uint8Array>))
      hash.update(chunk as Buffer);
    hashes[name] = hash.digest("hex");
  }
  return hashes;
}

async function emptyEverything() {
  for (const name of await collectionNames(db())) await db().collection(name).deleteMany({});
  for (const store of [disk(), gridFsStore()]) await store.remove(await store.list());
}

/**
 * Demo content, a setting, an API token, a reset link and two uploaded images in `store`, pointed at by case studies;
 * and live state: a session, a sign-in limit's counter, a used captcha question, a mail not yet sent.
 */
async function fill(store: ImageStore) {
  await seedDemoContent({ adminEmail: "owner@studio.test", adminPassword: "owner-password" }, passwords);
  const second = await signedInAdmin("second@studio.test");
  await SettingModel.create({ key: "contact_email", value: "hello@studio.test" });
  await issueToken(second.admin.id);
  expect(await prepareResetMail("owner@studio.test", "http://localhost:3000")).not.toBeNull();
  await hit("signInAddress", "203.0.113.9");
  await CaptchaNonceModel.create({ _id: "used-captcha-nonce", expires_at: new Date(Date.now() + 600_000) });
  await AutoReplyClaimModel.create({ _id: "2026-01-02:address-hash", expires_at: new Date(Date.now() + 600_000) });
  await MailOutboxModel.create({
    kind: "account",
    to: ["new@studio.test"],
    subject: "Invited",
    text: "http://localhost:3000/invitation/x",
  });
  const hook = await WebhookEndpointModel.create({ url: "https://93.184.216.34/hook", events: ["lead.created"], secret: "whsec_x" });
  await WebhookDeliveryModel.create({ endpoint_id: hook._id, event_id: "evt_1", type: "lead.created", data: {}, event_at: new Date() });
  const studies = await CaseStudyModel.find().sort({ _id: 1 }).limit(2);
  for (const [index, study] of studies.entries()) {
    const url = await storeImage(await imageFile("png", { background: { r: index * 90, g: 40, b: 200 } }), store);
    // The first one moved its address twice: its slug and former slugs travel too (docs/behaviour.md#addresses).
    const moved = index === 0 ? { slug: "moved-address", former_slugs: [study.slug!, "older-address"] } : {};
    await CaseStudyModel.updateOne({ _id: study._id }, { $set: { image_url: url, ...moved } });
  }
  return second;
}

beforeAll(async () => {
  await connectDb();
});

beforeEach(emptyEverything);

describe("export then import", () => {
  it.each([
    ["disk", "disk"],
    ["gridfs", "gridfs"],
    ["disk", "gridfs"],
    ["gridfs", "disk"],
  ] as const)("gives back the same documents and byte-identical images (%s to %s)", async (from, to) => {
    const source = from === "disk" ? disk() : gridFsStore();
    const target = to === "disk" ? disk() : gridFsStore();
    await fill(source);
    const documents = await everything();
    const images = await imageHashes(source);
    expect(Object.keys(images)).toHaveLength(6);
    expect(documents.case_studies).toHaveLength(8);

    const file = path.join(folder, `${from}-${to}.tar.gz`);
    const manifest = await writeArchive(file, { db: db(), store: source });
    expect(manifest.collections.case_studies!.count).toBe(8);
    expect(Object.keys(manifest.images)).toHaveLength(6);
    await emptyEverything();

    const report = await importArchive(file, { db: db(), store: target });
    expect(report.images).toBe(6);
    expect(await everything()).toEqual(durable(documents));
    expect(documents.account_links).toHaveLength(1);
    expect(documents.api_tokens).toHaveLength(1);
    expect(await imageHashes(target)).toEqual(images);
    // Dates, ObjectIds and nested arrays come back as themselves, not as strings.
    const study = await CaseStudyModel.findOne({
      _id: mongoose.mongo.ObjectId.createFromHexString(JSON.parse(documents.case_studies![0]!)._id.$oid),
    }).lean();
    expect(study!.created_at).toBeInstanceOf(Date);
    expect(study!.outcomes.length).toBeGreaterThan(0);
    const moved = await CaseStudyModel.findOne({ former_slugs: "older-address" }).lean();
    expect(moved).toMatchObject({ slug: "moved-address", former_slugs: [expect.stringMatching(/^[a-z0-9-]+$/), "older-address"] });
  });

  it("refuses a non-empty database without replace, and replaces it with replace", async () => {
    await fill(disk());
    const file = path.join(folder, "first.tar");
    await writeArchive(file, { db: db(), store: disk() });
    const first = await everything();
    const firstImages = await imageHashes(disk());

    await expect(importArchive(file, { db: db(), store: disk() })).rejects.toThrow(
      /^the database is not empty \(\d+ documents\): add --replace/,
    );
    expect(await everything()).toEqual(first);

    await CaseStudyModel.deleteMany({});
    await storeImage(await imageFile("png"), disk());
    await importArchive(file, { db: db(), store: disk(), replace: true });
    expect(await everything()).toEqual(durable(first));
    // The replaced content's own images do not stay behind.
    expect(await imageHashes(disk())).toEqual(firstImages);
  });
});

describe("live state", () => {
  const signedIn = async (cookie: string) => (await call(dashboard.loader, get("/dashboard", cookie))).status === 200;

  it("stays out of an export, whose manifest says what it holds and what it left out", async () => {
    const { cookie } = await fill(disk());
    const all = await everything();
    for (const name of LIVE) expect(all[name], name).toBeDefined();
    const file = path.join(folder, "export.tar.gz");
    const manifest = await writeArchive(file, { db: db(), store: disk() });
    expect(Object.keys(manifest.collections)).toEqual(expect.arrayContaining(Object.keys(durable(all))));
    for (const name of LIVE) expect(manifest.collections, name).not.toHaveProperty(name);
    expect(Object.keys(manifest.left_out).sort()).toEqual(LIVE);
    expect(await verifyArchive(file)).toEqual(manifest);
    // Not a session id anywhere in the file.
    const bytes = gunzipSync(readFileSync(file)).toString("latin1");
    for (const session of all.sessions!) expect(bytes).not.toContain((JSON.parse(session) as { _id: string })._id);

    // Imported over the same database: everyone is signed out, the limits start afresh.
    expect(await signedIn(cookie)).toBe(true);
    await importArchive(file, { db: db(), store: disk(), replace: true });
    expect(await everything()).toEqual(durable(all));
    expect(await signedIn(cookie)).toBe(false);
  });

  it("in an older archive is skipped on import", async () => {
    await fill(disk());
    const all = await everything();
    const written = path.join(folder, "everything.tar");
    await writeArchive(written, { db: db(), store: disk(), live: true });
    const older = path.join(folder, "older.tar");
    await rewrite(written, older, (name, data) => {
      if (name !== "manifest.json") return data;
      const { left_out, ...manifest } = JSON.parse(data.toString()) as Record<string, unknown>;
      expect(left_out).toEqual({});
      return Buffer.from(JSON.stringify(manifest));
    });
    const manifest = await verifyArchive(older);
    for (const name of LIVE) expect(manifest.collections[name], name).toBeDefined();
    await emptyEverything();

    const report = await importArchive(older, { db: db(), store: disk() });
    expect(await everything()).toEqual(durable(all));
    expect(report.documents).toBe(Object.values(durable(all)).flat().length);
  });

  it("is kept by the DATA_DIR snapshot, so that a restart signs no one out", async () => {
    const { cookie } = await fill(disk());
    const all = await everything();
    const file = path.join(folder, "snapshot.tar.gz");
    const manifest = await writeArchive(file, { db: db(), store: disk(), live: true });
    expect(manifest.left_out).toEqual({});
    await emptyEverything();
    await importArchive(file, { db: db(), store: disk(), live: true });
    expect(await everything()).toEqual(all);
    expect(await signedIn(cookie)).toBe(true);
  });
});

/** Rewrites an uncompressed archive entry by entry. */
async function rewrite(file: string, out: string, change: (name: string, data: Buffer) => Buffer | null) {
  const extract = tar.extract();
  const pack = tar.pack();
  const done = new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    pack.on("data", (chunk) => chunks.push(chunk as Buffer));
    pack.on("end", () => resolve(Buffer.concat(chunks)));
  });
  Readable.from([readFileSync(file)]).pipe(extract as unknown as NodeJS.WritableStream);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const data = change(entry.header.name, Buffer.concat(chunks));
    if (data) pack.entry({ name: entry.header.name }, data);
  }
  pack.finalize();
  writeFileSync(out, await done);
}

const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");

describe("a damaged or foreign archive", () => {
  it("changes nothing and says why", async () => {
    await fill(disk());
    const file = path.join(folder, "good.tar");
    await writeArchive(file, { db: db(), store: disk() });
    const bytes = readFileSync(file);
    const before = await everything();
    const imagesBefore = await imageHashes(disk());
    const variant = (name: string, data: Buffer) => {
      const out = path.join(folder, name);
      writeFileSync(out, data);
      return out;
    };

    const flipped = Buffer.from(bytes);
    const at = flipped.indexOf("Fintech") > 0 ? flipped.indexOf("Fintech") : flipped.indexOf('"title"') + 12;
    flipped[at] = flipped[at]! ^ 0x20;
    const manifestOf = (data: Buffer) => JSON.parse(data.toString()) as { collections: Record<string, { count: number }> };
    const wrongCount = path.join(folder, "wrong-manifest.tar");
    await rewrite(file, wrongCount, (name, data) => {
      if (name !== "manifest.json") return data;
      const manifest = manifestOf(data);
      manifest.collections.case_studies!.count = 7;
      return Buffer.from(JSON.stringify(manifest));
    });
    const missing = path.join(folder, "missing.tar");
    await rewrite(file, missing, (name, data) => (name.startsWith("images/") && name.endsWith("-480.webp") ? null : data));

    const cases: [string, string, RegExp][] = [
      ["flipped byte", variant("flipped.tar", flipped), /^the archive is damaged: the checksum of collection case_studies does not match$/],
      [
        "truncated",
        variant("truncated.tar", bytes.subarray(0, Math.floor(bytes.length / 2))),
        /^the archive is damaged: (it ends early|it has no manifest)/,
      ],
      ["wrong manifest", wrongCount, /^the archive is damaged: collection case_studies holds 8 documents where the manifest says 7$/],
      ["missing entry", missing, /^the archive is damaged: image [0-9a-f]{32}-480\.webp is missing$/],
      ["not an archive", variant("notes.txt", Buffer.from("hello, this is not a tar file\n".repeat(40))), /^not a studio archive/],
    ];
    for (const [, damagedFile, message] of cases) {
      await expect(importArchive(damagedFile, { db: db(), store: disk(), replace: true })).rejects.toThrow(message);
      expect(await everything()).toEqual(before);
      expect(await imageHashes(disk())).toEqual(imagesBefore);
    }

    // Into an empty database: still nothing at all.
    await emptyEverything();
    await expect(importArchive(missing, { db: db(), store: disk() })).rejects.toThrow(/image .* is missing/);
    expect(await everything()).toEqual({});
  });

  it("is all or nothing when loading fails midway: the previous content comes back", async () => {
    await fill(disk());
    const file = path.join(folder, "duplicate.tar");
    await writeArchive(file, { db: db(), store: disk() });
    // A second admin with the same email passes every checksum but breaks the unique index while loading.
    let admins = "";
    await rewrite(file, file, (name, data) => {
      if (name === "collections/admins.ejson") {
        const [first] = data.toString().split("\n");
        const copy = EJSON.parse(first!, { relaxed: false }) as Record<string, unknown>;
        copy._id = new mongoose.mongo.ObjectId();
        admins = `${data.toString()}${EJSON.stringify(copy, { relaxed: false })}\n`;
        return Buffer.from(admins);
      }
      if (name === "manifest.json") {
        const manifest = JSON.parse(data.toString()) as { collections: Record<string, { count: number; bytes: number; sha256: string }> };
        const entry = manifest.collections.admins!;
        Object.assign(entry, { count: entry.count + 1, bytes: Buffer.byteLength(admins), sha256: sha(Buffer.from(admins)) });
        return Buffer.from(JSON.stringify(manifest));
      }
      return data;
    });
    await CaseStudyModel.deleteMany({});
    const before = await everything();
    const imagesBefore = await imageHashes(disk());
    await expect(importArchive(file, { db: db(), store: disk(), replace: true })).rejects.toThrow(
      /^the import failed \(.*\); nothing was changed$/,
    );
    expect(await everything()).toEqual(before);
    expect(await imageHashes(disk())).toEqual(imagesBefore);
  });
});
