// `npm run admin:password -- --email E [--password P]`: a new password for a known admin (a random one printed when none is given).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { runScript } from "./cli";
import { openData } from "./data";

const USAGE = 'Usage: npm run admin:password -- --email admin@studio.example [--password "at least 8 characters"]';

runScript(async () => {
  let values: { email?: string; password?: string };
  try {
    ({ values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } }, strict: true }));
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
    const { adminUpdateInput, fieldErrors, joinErrors } = await import("~/domain/schemas");
    const { passwords } = await import("~/server/passwords.server");
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
    const result = await updateAdmin(String(admin._id), input.data, passwords);
    if (!result.ok) throw new Error(`Could not update ${email}: ${result.reason}`);
    await data.save();
    console.log(
      `New password for ${email} in ${data.described}${values.password ? "" : `: ${password}`} (their other sessions were ended).`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    console.error(`Nothing was changed: ${error.message}`);
    return 1;
  }
});
