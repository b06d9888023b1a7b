import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { asTyped } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { listAdminTokens, revokeTokenOf, endAdminSession, listAdminSessions } from "~/domain/access.server";
import { useFormatTime } from "~/hooks/use-studio-time";
import { messages } from "~/domain/messages";
import { titleWith } from "~/domain/page-content";
import { SESSION_INTENTS, sessionAction } from "~/domain/session-schemas";
import { browserName } from "~/lib/user-agent";
import { signedOutHeaders, signOutEverywhere } from "./__sign-out-everywhere.server";
import { requireAdmin, sessionIdOf } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";

// docs/behaviour.md#my-sessions: where the signed-in admin is signed in, and their API tokens; each can be ended.
const SCREEN = "/dashboard/account/sessions";

/** What a row says of where it came from: the browser's short name and the address, as the server saw them. */
const described = ({ userAgent, address }: { userAgent: string; address: string }) => ({
  browser: browserName(userAgent),
  address: address || "Unknown",
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireAdmin(request, context);
  const [sessions, tokens] = await Promise.all([listAdminSessions(me.id, await sessionIdOf(request)), listAdminTokens(me.id)]);
  return {
    sessions: sessions.map(({ userAgent, address, ...session }) => ({ ...session, ...described({ userAgent, address }) })),
    tokens: tokens.map(({ userAgent, address, ...token }) => ({ ...token, ...described({ userAgent, address }) })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const me = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: sessionAction, ...asTyped });
  if (submission.status !== "success") return redirectWithError(SCREEN, messages.sessionAlreadyEnded);
  const input = submission.value;
  const origin = requestOrigin(request, me, "form");
  switch (input.intent) {
    case SESSION_INTENTS.endSession: {
      const ended = await endAdminSession(origin, input.session, await sessionIdOf(request));
      if (!ended) return redirectWithError(SCREEN, messages.sessionAlreadyEnded);
      // Ending the session in use is signing out.
      if (ended.current) return redirectWithSuccess("/login", messages.logoutSuccess, { headers: await signedOutHeaders(request) });
      return redirectWithSuccess(SCREEN, messages.sessionEnded);
    }
    case SESSION_INTENTS.revokeToken: {
      const revoked = await revokeTokenOf(origin, input.token);
      if (!revoked) return redirectWithError(SCREEN, messages.tokenAlreadyEnded);
      return redirectWithSuccess(SCREEN, messages.tokenRevoked);
    }
    case SESSION_INTENTS.signOutEverywhere:
      return signOutEverywhere(request, origin);
  }
}

type Row = { key: string; browser: string; address: string; startedAt: string; lastSeenAt: string; current?: boolean };

function AccessList({
  label,
  rows,
  end,
}: {
  label: string;
  rows: Row[];
  end: (row: Row) => { intent: string; name: string; text: string };
}) {
  const formatTime = useFormatTime();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData : undefined;
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {rows.map((row) => {
        const action = end(row);
        const busy = pending?.get("intent") === action.intent && pending.get(action.name) === row.key;
        const started = formatTime(row.startedAt);
        return (
          <li key={row.key} className="flex flex-wrap items-start justify-between gap-3 p-4">
            <div className="min-w-0 flex-1 basis-64">
              <p className="font-medium break-words">
                {row.browser}
                {row.current ? (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">This session</span>
                ) : null}
              </p>
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
                <dt className="text-slate-600">Started</dt>
                <dd>
                  <time dateTime={row.startedAt}>{started}</time>
                </dd>
                <dt className="text-slate-600">Last seen</dt>
                <dd>
                  <time dateTime={row.lastSeenAt}>{formatTime(row.lastSeenAt)}</time>
                </dd>
                <dt className="text-slate-600">Address</dt>
                <dd className="break-all">{row.address}</dd>
              </dl>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value={action.intent} />
              <input type="hidden" name={action.name} value={row.key} />
              <button
                type="submit"
                disabled={busy}
                aria-label={`${action.text}: ${row.browser}, started ${started}`}
                className={buttonClass.compact.secondary}
              >
                {busy ? "Ending..." : action.text}
              </button>
            </Form>
          </li>
        );
      })}
    </ul>
  );
}

export default function MySessions() {
  const { sessions, tokens } = useLoaderData<typeof loader>();
  const signingOut = useNavigation().formData?.get("intent") === SESSION_INTENTS.signOutEverywhere;
  return (
    <div className="max-w-3xl space-y-8">
      <ScreenHeading title="My sessions">
        <Link to="/dashboard/account" className={buttonClass.compact.secondary}>
          My account
        </Link>
      </ScreenHeading>
      <p className="text-sm text-slate-600">
        Where you are signed in, and the API tokens issued to you, with the browser and address as the server saw them (times in UTC).
        Ending a session signs that browser out at once; ending a token makes the API refuse it.
      </p>

      <section aria-labelledby="sessions-heading" className="space-y-3">
        <h3 id="sessions-heading" className="text-lg font-semibold">
          Signed-in browsers
        </h3>
        <AccessList
          label="Your sessions"
          rows={sessions.map((session) => ({ ...session, key: session.handle }))}
          end={(row) => ({
            intent: SESSION_INTENTS.endSession,
            name: "session",
            text: row.current ? "End this session" : "End session",
          })}
        />
      </section>

      <section aria-labelledby="tokens-heading" className="space-y-3">
        <h3 id="tokens-heading" className="text-lg font-semibold">
          API tokens
        </h3>
        {tokens.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
            No API tokens: POST /api/login issues one, valid 4 hours.
          </p>
        ) : (
          <AccessList
            label="Your API tokens"
            rows={tokens.map((token) => ({ ...token, key: token.id }))}
            end={() => ({ intent: SESSION_INTENTS.revokeToken, name: "token", text: "Revoke token" })}
          />
        )}
      </section>

      <Form method="post" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6" aria-labelledby="sign-out-everywhere">
        <h3 id="sign-out-everywhere" className="text-lg font-semibold">
          Sign out everywhere
        </h3>
        <p className="text-sm text-slate-600">
          Ends every session of yours, on this device and all others, and revokes your API tokens. You will need to sign in again.
        </p>
        <input type="hidden" name="intent" value={SESSION_INTENTS.signOutEverywhere} />
        <button type="submit" disabled={signingOut} className={buttonClass.compact.secondary}>
          {signingOut ? "Signing out..." : "Sign out everywhere"}
        </button>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "My sessions") }, { name: "robots", content: "noindex" }];
