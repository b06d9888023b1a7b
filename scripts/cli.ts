import { loadDotEnv } from "./load-env.mjs";

export function runScript(main: () => Promise<number>): void {
  loadDotEnv();
  main()
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      return 1;
    })
    .then(async (code) => {
      const { disconnectDb } = await import("~/server/db.server");
      await disconnectDb();
      process.exit(code);
    });
}
