// `npm run admin:password -- --email E [--password P] [--two-factor-off]`: a new password for a known admin (a random one
// printed when none is given); with --two-factor-off, also their second factor removed, for an admin who lost both their
// authenticator and their recovery codes.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { runScript } from "./cli";
import { openData } from "./data";

const USAGE = 'Usage: npm run admin:password -- --email admin@studio.example [--password "at least 8 characters"] [--two-factor-off]';

runScript(async () => {
  let values: { email?: string; password?: string; "two-factor-off"?: boolean };
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, password: { type: "string" }, "two-factor-off": { type: "boolean" } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (!values.email) {
    console.error(USAGE);
    return 1;
  }
  const { ArchiveError } = await import("~/server/archive/format.server");
  try {
    const data = await openData({ writes: true });
    const { AdminModel } = await import("~/models/admin.server");
    const { updateAdmin } = await import("~/domain/admins.server");
    const { adminUpdateInput, fieldErrors } = await import("~/domain/schemas");
    const { joinErrors } = await import("~/domain/field-rules");
    const { passwords } = await import("~/server/passwords.server");
    const { removeTwoFactor } = await import("~/domain/two-factor.server");
    const { serverOrigin } = await import("~/domain/audit-log.server");
    const email = values.email.trim().toLowerCase();
    const admin = await AdminModel.findOne({ email }).lean();
    if (!admin) {
      console.error(`No admin has the email ${email} in ${data.described}.`);
      return 1;
    }
    const password = values.password ?? randomBytes(12).toString("base64url");
    const input = adminUpdateInput.safeParse({ name: admin.name, email, password });
    if (!input.success) {
      console.error(`${joinErrors(fieldErrors(input.error).errors)}\n${USAGE}`);
      return 1;
    }
    const origin = serverOrigin("command line");
    const result = await updateAdmin(String(admin._id), input.data, passwords, origin);
    if (!result.ok) throw new Error(`Could not update ${email}: ${result.reason}`);
    const twoFactorOff = values["two-factor-off"] && Boolean(admin.two_factor?.secret);
    if (twoFactorOff) await removeTwoFactor(result.value, origin);
    await data.save();
    console.log(
      `New password for ${email} in ${data.described}${values.password ? "" : `: ${password}`} (their other sessions were ended` +
        `${twoFactorOff ? "; two-factor sign-in is off" : values["two-factor-off"] ? "; two-factor sign-in was already off" : ""}).`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    console.error(`Nothing was changed: ${error.message}`);
    return 1;
  }
});
