// `npm run admin:create -- --name "Ada Lovelace" --email ada@example.com --password "..."`
// Creates an admin in the database MONGODB_URI names, with the dashboard's validation.
import { parseArgs } from "node:util";
import { runScript } from "./cli";

const USAGE = 'Usage: npm run admin:create -- --name "Full Name" --email admin@studio.example --password "at least 8 characters"';

runScript(async () => {
  let values: { name?: string; email?: string; password?: string };
  try {
    ({ values } = parseArgs({
      options: { name: { type: "string" }, email: { type: "string" }, password: { type: "string" } },
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
  const { adminInput, fieldErrors } = await import("~/domain/schemas");
  const { joinErrors } = await import("~/domain/field-rules");
  const { passwords } = await import("~/server/passwords.server");
  const { serverOrigin } = await import("~/domain/audit-log.server");
  await connectDb();
  const input = adminInput.safeParse(values);
  if (!input.success) {
    console.error(`${joinErrors(fieldErrors(input.error).errors)}\n${USAGE}`);
    return 1;
  }
  const result = await createAdmin(input.data, passwords, serverOrigin("command line"));
  if (!result.ok) {
    console.error(`${messages.emailTaken}\n${USAGE}`);
    return 1;
  }
  console.log(`Admin created in ${describeDatabase()}: ${result.value.name} <${result.value.email}>`);
  return 0;
});
