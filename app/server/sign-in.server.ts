import { verifyCredentials } from "~/domain/admins.server";
import { ok, refused, type Result } from "~/domain/shared";
import type { LoginInput } from "~/domain/schemas";
import { newSignInMail } from "~/domain/sign-in-mail";
import { getTimeZone } from "~/domain/settings.server";
import { getPublishedContent } from "~/domain/site-content.server";
import { recordSignIn } from "~/domain/access.server";
import { checkSecondFactor, hasTwoFactor } from "~/domain/two-factor.server";
import type { Admin } from "~/domain/types";
import { DIRECT_CLIENT, requestClient, requestOrigin } from "./client-address.server";
import { getEnv } from "./env.server";
import { ports } from "./ports.server";
import type { SignInRefusal, Verified } from "./sign-in-limits.server";

// What the sign-in form and POST /api/login share (docs/behaviour.md#two-factor-sign-in): the password, then the code
// of an admin with two-factor sign-in on, and what follows a sign-in. The limits around them: sign-in-limits.server.ts.

/** Where a code was given: the sign-in form, POST /api/login, or the account's two-factor page. */
type SignInDoor = "form" | "api" | "account";

/**
 * The password step. An admin with two-factor sign-in on is not signed in yet (`complete: false`); with `code` (the API's
 * one request) the code is checked at once, and without one the answer says a code is required.
 */
export async function checkPassword(
  request: Request,
  input: LoginInput,
  { door, askForCode }: { door: SignInDoor; askForCode: boolean },
): Promise<Result<Verified, SignInRefusal>> {
  const checked = await verifyCredentials(input, ports.passwords);
  if (!checked.ok) return checked;
  const admin = checked.value;
  if (!(await hasTwoFactor(admin.id))) return ok({ admin, complete: true });
  if (input.code) return checkSignInCode(request, admin, input.code, door);
  return askForCode ? ok({ admin, complete: false }) : refused("code-required");
}

/** The code step: the code (or a recovery code) accepted once; a refused one is recorded under the admin it was for. */
export async function checkSignInCode(
  request: Request,
  admin: Admin,
  typed: string,
  door: SignInDoor,
): Promise<Result<Verified, SignInRefusal>> {
  const origin = requestOrigin(request, admin, door === "account" ? "form" : door);
  const checked = await checkSecondFactor(origin, typed, ports.secrets, door === "account" ? "account" : "sign-in");
  if (!checked.ok) return checked;
  return ok({ admin, complete: true, secondFactor: checked.value.method });
}

/** Once the session or token exists: the sign-in recorded and, for an admin without two-factor sign-in, an email. */
export async function signedIn(request: Request, { admin, secondFactor }: Verified, door: "form" | "api"): Promise<void> {
  await recordSignIn(requestOrigin(request, admin, door), secondFactor);
  // Never awaited: the sign-in neither waits for the mail nor fails with it.
  if (!secondFactor) void tellOfNewSignIn(request, admin);
}

async function tellOfNewSignIn(request: Request, admin: Admin): Promise<void> {
  try {
    if (!ports.mail.enabled()) return;
    const { address, userAgent } = requestClient(request);
    const mail = newSignInMail({
      admin,
      siteName: (await getPublishedContent()).brand.name,
      siteUrl: getEnv().SITE_URL,
      at: new Date(),
      address: address === DIRECT_CLIENT ? null : address,
      userAgent,
      timeZone: await getTimeZone(),
    });
    await ports.mail.send(mail);
  } catch (error) {
    console.error(`The new sign-in email to admin ${admin.id} could not be queued: ${(error as Error).message}`);
  }
}
