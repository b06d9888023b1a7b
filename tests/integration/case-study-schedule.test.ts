import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { applyDueSchedules, getCaseStudy, restoreCaseStudyVersion } from "~/domain/case-studies.server";
import { issueToken } from "~/domain/access.server";
import { messages } from "~/domain/messages";
import type { CaseStudy } from "~/domain/types";
import { caseStudySubject, listVersions } from "~/domain/versions.server";
import * as one from "~/routes/api.case-studies.$id";
import * as list from "~/routes/api.case-studies";
import * as edit from "~/routes/dashboard.case-studies.edit.$id";
import * as dashboardList from "~/routes/dashboard.case-studies.list";
import { connectDb } from "~/server/db.server";
import { ports } from "~/server/ports.server";
import { refusal } from "../support/form-replies";
import { apiHeaders, apiRequest, imageFile, multipartRequest, noFile } from "../support/factories";
import { caseStudyFields, caseStudyFormFields } from "../support/case-study-fields";
import { call, get } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { testOrigin } from "../support/origin";

/** Publishing on a schedule (docs/behaviour.md#publishing-on-a-schedule), through the API, the editor and the sweep. */
let me: Awaited<ReturnType<typeof signedInAdmin>>;
let token: string;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("scheduler@studio.test", "Sam Scheduler");
  token = (await issueToken(me.admin.id)).token;
});

const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);

async function created(title: string, fields: Record<string, string>) {
  const request = await multipartRequest(
    "/api/case-studies",
    { ...caseStudyFields(title), ...fields, image: await imageFile() },
    {
      headers: apiHeaders({ token }),
    },
  );
  return call(list.action, request);
}

const patch = (id: string, json: unknown) =>
  call(one.action, apiRequest(`/api/case-studies/${id}`, { method: "PATCH", json, token }), { id });

async function scheduledDraft(title: string, publishAt = inHours(1)) {
  const answer = await created(title, { status: "draft", publish_at: publishAt.toISOString() });
  expect(answer.status).toBe(201);
  return answer.data as CaseStudy;
}

describe("setting a schedule", () => {
  it("keeps a draft's publish time and an unpublish time, and says who set them", async () => {
    const publishAt = inHours(2);
    const study = await scheduledDraft("Scheduled launch", publishAt);
    expect(study).toMatchObject({ status: "draft", publish_at: publishAt.toISOString(), unpublish_at: null });
    const later = inHours(26);
    const changed = await patch(study.id, { unpublish_at: later.toISOString().replace("Z", "+00:00") });
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({ publish_at: publishAt.toISOString(), unpublish_at: later.toISOString() });
    const [latest] = (await listVersions(caseStudySubject(study.id), { page: 1, perPage: 1 })).items;
    expect(latest!.author).toMatchObject({ name: "Sam Scheduler" });
  });

  it("takes a time without a zone as UTC, and clears a time sent empty or null", async () => {
    const study = await scheduledDraft("Zoneless");
    const wall = inHours(3).toISOString().slice(0, 16);
    expect((await patch(study.id, { publish_at: wall })).data).toMatchObject({ publish_at: `${wall}:00.000Z` });
    expect((await patch(study.id, { publish_at: "" })).data).toMatchObject({ publish_at: null });
    expect((await patch(study.id, { unpublish_at: inHours(1).toISOString() })).status).toBe(200);
    expect((await patch(study.id, { unpublish_at: null })).data).toMatchObject({ unpublish_at: null });
  });

  it("refuses a time that is not one, one in the past, a publish time on a published entry, and an unpublish time before the publish time", async () => {
    const study = await scheduledDraft("Refusals", inHours(5));
    const cases: [unknown, string, string][] = [
      [{ publish_at: "next tuesday" }, "publish_at", messages.scheduleTimeInvalid],
      [{ publish_at: 12 }, "publish_at", messages.scheduleTimeInvalid],
      [{ unpublish_at: new Date(Date.now() - HOUR).toISOString() }, "unpublish_at", messages.scheduleTimePast],
      [{ status: "published", publish_at: inHours(1).toISOString() }, "publish_at", messages.publishAtNeedsDraft],
      [{ unpublish_at: inHours(4).toISOString() }, "unpublish_at", messages.unpublishBeforePublish],
    ];
    for (const [json, field, message] of cases) {
      const answer = await patch(study.id, json);
      expect(answer.status, JSON.stringify(json)).toBe(422);
      expect((answer.data as { errors: Record<string, string[]> }).errors[field]).toEqual([message]);
    }
    expect(await getCaseStudy(study.id)).toMatchObject({ status: "draft", publish_at: study.publish_at, unpublish_at: null });
  });

  it("is dropped when a draft is published now without naming a publish time", async () => {
    const study = await scheduledDraft("Published early");
    expect((await patch(study.id, { status: "published" })).data).toMatchObject({ status: "published", publish_at: null });
  });

  it("in the editor: times in UTC; a refusal keeps what was typed and stores nothing", async () => {
    const study = await scheduledDraft("Edited schedule");
    const path = `/dashboard/case-studies/edit/${study.id}`;
    const publishAt = inHours(1).toISOString().slice(0, 16);
    const fields = caseStudyFormFields("Edited schedule", { status: "published", publish_at: publishAt });
    const answer = await call(
      edit.action,
      await multipartRequest(path, { ...fields, image: noFile() }, { headers: { Cookie: me.cookie } }),
      {
        id: study.id,
      },
    );
    expect(answer.status).toBe(422);
    const refused = refusal(answer.data);
    expect(refused.errors.publish_at).toEqual([messages.publishAtNeedsDraft]);
    expect(refused.values).toMatchObject({ publish_at: publishAt, status: "published" });
    expect(await getCaseStudy(study.id)).toMatchObject({ status: "draft", publish_at: study.publish_at });

    const saved = await call(
      edit.action,
      await multipartRequest(path, { ...fields, status: "draft", image: noFile() }, { headers: { Cookie: me.cookie } }),
      { id: study.id },
    );
    expect(saved.status).toBe(302);
    expect(await getCaseStudy(study.id)).toMatchObject({ publish_at: `${publishAt}:00.000Z` });
  });
});

describe("when the time comes", () => {
  it("publishes a due draft once, however many instances sweep at the same moment, as the admin who scheduled it", async () => {
    const study = await scheduledDraft("Due launch", inHours(1));
    const sweeps = await Promise.all([1, 2, 3].map(() => applyDueSchedules(inHours(1.5), ports.images)));
    expect(sweeps.reduce((sum, sweep) => sum + sweep.published, 0)).toBeGreaterThanOrEqual(1);
    expect(await getCaseStudy(study.id)).toMatchObject({ status: "published", publish_at: null });
    const versions = (await listVersions(caseStudySubject(study.id), { page: 1, perPage: 50 })).items;
    const applied = versions.filter((version) => version.action === "schedule");
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({ state: "published", author: { name: "Sam Scheduler" } });
    expect((await applyDueSchedules(inHours(1.5), ports.images)).published).toBe(0);
  });

  it("leaves a schedule whose time has not come", async () => {
    const study = await scheduledDraft("Not yet", inHours(10));
    await applyDueSchedules(inHours(9), ports.images);
    expect(await getCaseStudy(study.id)).toMatchObject({ status: "draft" });
  });

  it("unpublishes a published entry at its unpublish time, after publishing it first when both times have passed", async () => {
    const both = await scheduledDraft("Short run", inHours(20));
    expect((await patch(both.id, { unpublish_at: inHours(21).toISOString() })).status).toBe(200);
    const live = await created("Ending run", { unpublish_at: inHours(20).toISOString() });
    expect(live.data).toMatchObject({ status: "published" });
    const { id } = live.data as CaseStudy;
    await applyDueSchedules(inHours(22), ports.images);
    expect(await getCaseStudy(both.id)).toMatchObject({ status: "draft", publish_at: null, unpublish_at: null });
    expect(await getCaseStudy(id)).toMatchObject({ status: "draft", unpublish_at: null });
    const states = (await listVersions(caseStudySubject(both.id), { page: 1, perPage: 50 })).items
      .filter((version) => version.action === "schedule")
      .map((version) => version.state);
    expect(states.sort()).toEqual(["draft", "published"]);
  });

  it("is not carried back by a restored version", async () => {
    const study = await scheduledDraft("Restored", inHours(30));
    await patch(study.id, { title: "Restored, renamed" });
    const restored = await restoreCaseStudyVersion(study.id, 1, { origin: testOrigin(), images: ports.images });
    expect(restored.ok && restored.value).toMatchObject({ title: "Restored", publish_at: null });
  });
});

describe("the dashboard's list", () => {
  it("marks a scheduled draft with its time in UTC", async () => {
    await scheduledDraft("Card", new Date("2031-12-01T09:00:00Z"));
    const path = "/dashboard/case-studies/list?status=draft";
    const routes = [
      {
        path: "/dashboard/case-studies/list",
        loader: async () => (await call(dashboardList.loader, get(path, me.cookie))).data,
        Component: dashboardList.default,
      },
    ];
    const handler = createStaticHandler(routes);
    const context = await handler.query(get(path, me.cookie));
    if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
    const html = renderToString(
      createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
    );
    expect(html).toContain('data-status="scheduled"');
    expect(html).toContain("Scheduled: goes live 1 Dec 2031, 09:00 UTC");
  });
});
