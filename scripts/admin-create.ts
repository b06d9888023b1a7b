// `npm run admin:create -- --name "Ada Lovelace" --email ada@example.com --password "..." [--role editor]`
// Creates an admin in the database MONGODB_URI names, with the dashboard's validation. The script acts as the Owner:
// any role (default admin); the site's first admin is its Owner (docs/security.md#roles).
import { parseArgs } from "node:util";
import { runScript } from "./cli";

const USAGE =
  'Usage: npm run admin:create -- --name "Full Name" --email admin@studio.example --password "at least 8 characters" [--role owner|admin|editor|sales|viewer]';

runScript(async () => {
  let values: { name?: string; email?: string; password?: string; role?: string };
  try {
    ({ values } = parseArgs({
      options: { name: { type: "string" }, email: { type: "string" }, password: { type: "string" }, role: { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const { getEnv } = await import("~/server/env.server");
  if (!getEnv().MONGODB_URI) {
    console.error("MONGODB_URI is not set: point it at your MongoDB first, e.g. MONGODB_URI=mongodb://127.0.0.1:27017/studio");
    return 1;
  }
  const { connectDb, describeDatabase } = await import("~/server/db.server");
  const { createAdmin } = await import("~/domain/admins.server");
  const { messages } = await import("~/domain/messages");
  const { adminApiInput, fieldErrors } = await import("~/domain/schemas");
  const { joinErrors } = await import("~/domain/field-rules");
  const { passwords } = await import("~/server/passwords.server");
  const { serverOrigin } = await import("~/domain/audit-log.server");
  await connectDb();
  const input = adminApiInput.safeParse(values);
  if (!input.success) {
    console.error(`${joinErrors(fieldErrors(input.error).errors)}\n${USAGE}`);
    return 1;
  }
  const result = await createAdmin(input.data, passwords, serverOrigin("command line"));
  if (!result.ok) {
    console.error(`${messages.emailTaken}\n${USAGE}`);
    return 1;
  }
  console.log(`Admin created in ${describeDatabase()}: ${result.value.name} <${result.value.email}>, ${result.value.role}`);
  return 0;
});
