import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { RouteObject } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getCaseStudy } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { getTimeZone, saveSettings } from "~/domain/settings.server";
import { settingsFormInput } from "~/domain/settings-schema";
import { zoneAbbreviation } from "~/domain/time-zone";
import type { CaseStudy } from "~/domain/types";
import { listVersions, SETTINGS_SUBJECT } from "~/domain/versions.server";
import * as dashboard from "~/routes/dashboard";
import * as auditLog from "~/routes/dashboard.audit-log";
import * as list from "~/routes/api.case-studies";
import * as edit from "~/routes/dashboard.case-studies.edit.$id";
import * as caseStudyList from "~/routes/dashboard.case-studies.list";
import * as settings from "~/routes/dashboard.settings";
import { connectDb } from "~/server/db.server";
import { issueToken } from "~/domain/access.server";
import { refusal } from "../support/form-replies";
import { apiHeaders, imageFile, multipartRequest, noFile } from "../support/factories";
import { caseStudyFields, caseStudyFormFields } from "../support/case-study-fields";
import { testOrigin } from "../support/origin";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";

/** The studio's time zone (docs/behaviour.md#time-zone): the setting, the dashboard's times and the schedule inputs. */
let me: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("owner@studio.test", "Olga Owner");
});

const contact = { whatsappNumber: "12125550147", contactEmail: "team@studio.test" };

async function useZone(timeZone: string) {
  await saveSettings(settingsFormInput.parse({ ...contact, timeZone }), { origin: testOrigin() });
}

/** A dashboard page rendered as the server renders it: under the layout route, whose loader hands down the zone. */
async function rendered(path: string, page: { loader: (args: never) => unknown; default: () => unknown }, pattern?: string) {
  const routes: RouteObject[] = [
    {
      id: "routes/dashboard",
      path: "/dashboard",
      loader: async () => (await call(dashboard.loader, get(path, me.cookie))).data,
      children: [
        {
          path: (pattern ?? path.split("?")[0]!).replace("/dashboard/", ""),
          loader: async ({ params }) => (await call(page.loader as never, get(path, me.cookie), params as Record<string, string>)).data,
          Component: page.default as () => null,
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(get(path, me.cookie));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
}

describe("the time-zone setting", () => {
  it("is UTC until chosen, then saved from the settings form, kept in the settings' history and shown back", async () => {
    expect(await getTimeZone()).toBe("UTC");
    const result = await call(settings.action, postForm("/dashboard/settings", { ...contact, timeZone: "Europe/Berlin" }, me.cookie));
    expect(result.status).toBe(302);
    expect(await getTimeZone()).toBe("Europe/Berlin");
    expect((await call(settings.loader, get("/dashboard/settings", me.cookie))).data).toMatchObject({ timeZone: "Europe/Berlin" });
    const [latest] = (await listVersions(SETTINGS_SUBJECT, { page: 1, perPage: 1 })).items;
    expect(latest).toBeDefined();
    // A form that leaves the field out keeps the zone.
    await call(settings.action, postForm("/dashboard/settings", contact, me.cookie));
    expect(await getTimeZone()).toBe("Europe/Berlin");
    // The settings page lists the zones to choose from, without JavaScript.
    const html = await rendered("/dashboard/settings", settings as never);
    expect(html).toMatch(/<select[^>]*name="timeZone"/);
    expect(html).toContain('<option value="America/New_York">');
    expect(html).toMatch(/<option value="Europe\/Berlin" selected="">/);
  });

  it("refuses a name the runtime does not know, saving nothing of the form", async () => {
    await useZone("Europe/Berlin");
    for (const timeZone of ["Mars/Olympus_Mons", "europe/berlin", "+01:00", ""]) {
      const result = await call(
        settings.action,
        postForm("/dashboard/settings", { ...contact, contactEmail: "new@studio.test", timeZone }, me.cookie),
      );
      expect(result.status, timeZone).toBe(422);
      expect(refusal(result.data).errors.timeZone, timeZone).toEqual([messages.timeZoneInvalid]);
    }
    expect(await getTimeZone()).toBe("Europe/Berlin");
  });
});

describe("times in the dashboard", () => {
  it("the layout hands the zone to every page, and a page shows its times in it with the abbreviation", async () => {
    await useZone("Europe/Berlin");
    expect((await call(dashboard.loader, get("/dashboard", me.cookie))).data).toMatchObject({ timeZone: "Europe/Berlin" });
    const token = (await issueToken(me.admin.id)).token;
    const answer = await call(
      list.action,
      await multipartRequest(
        "/api/case-studies",
        { ...caseStudyFields("Winter launch"), status: "draft", publish_at: "2031-12-01T09:00:00Z", image: await imageFile() },
        { headers: apiHeaders({ token }) },
      ),
    );
    expect(answer.status).toBe(201);
    // The API's time stays ISO 8601 in UTC.
    expect(answer.data).toMatchObject({ publish_at: "2031-12-01T09:00:00.000Z" });
    const cards = await rendered("/dashboard/case-studies/list?status=draft", caseStudyList as never);
    expect(cards).toContain("Scheduled: goes live 1 Dec 2031, 10:00 CET");
    const log = await rendered("/dashboard/audit-log", auditLog as never);
    expect(log).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} CES?T/);
    expect(log).not.toMatch(/\d{2}:\d{2} (UTC|AM|PM)/);
  });
});

describe("the schedule inputs", () => {
  it("show the studio's wall time, say the zone, and read a submitted time in it", async () => {
    await useZone("America/New_York");
    const token = (await issueToken(me.admin.id)).token;
    const created = await call(
      list.action,
      await multipartRequest(
        "/api/case-studies",
        { ...caseStudyFields("Summer launch"), status: "draft", publish_at: "2031-07-01T13:00:00Z", image: await imageFile() },
        { headers: apiHeaders({ token }) },
      ),
    );
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const study = created.data as CaseStudy;
    const path = `/dashboard/case-studies/edit/${study.id}`;
    const html = await rendered(path, edit as never, "/dashboard/case-studies/edit/:id");
    expect(html).toContain('value="2031-07-01T09:00"');
    expect(html).toContain(`Publish at (America/New_York, ${zoneAbbreviation(new Date(), "America/New_York")})`);

    // 09:30 in New York in July is 13:30 UTC; in January, 14:30.
    const fields = caseStudyFormFields("Summer launch", {
      status: "draft",
      publish_at: "2031-07-01T09:30",
      unpublish_at: "2032-01-15T09:30",
    });
    const saved = await call(
      edit.action,
      await multipartRequest(path, { ...fields, image: noFile() }, { headers: { Cookie: me.cookie } }),
      {
        id: study.id,
      },
    );
    expect(saved.status).toBe(302);
    expect(await getCaseStudy(study.id)).toMatchObject({
      publish_at: "2031-07-01T13:30:00.000Z",
      unpublish_at: "2032-01-15T14:30:00.000Z",
    });
  });
});
