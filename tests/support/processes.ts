import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type Running = {
  child: ChildProcess;
  output: () => string;
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpExecArray>;
  exited: Promise<number | null>;
};

/** Runs a command from the project root with a clean, explicit environment, collecting its output. */
export function run(command: string, args: string[], env: Record<string, string | undefined>): Running {
  const base: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NO_DOTENV: "1" };
  if (process.env.BUILD_DIR) base.BUILD_DIR = process.env.BUILD_DIR;
  const child = spawn(command, args, { cwd: root, env: { ...base, ...env } as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(text);
        if (match) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve(match);
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`Timed out waiting for ${pattern}; output so far:\n${text}`));
      }, timeoutMs);
      listeners.add(check);
      void exited.then(() =>
        setTimeout(() => {
          if (listeners.has(check)) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`Exited before ${pattern}; output:\n${text}`));
          }
        }, 50),
      );
      check();
    });

  return { child, output: () => text, waitFor, exited };
}

// Test files run side by side: one builds while the others wait for it, then find the build fresh.
const buildFolder = path.resolve(root, process.env.BUILD_DIR ?? "build");
const buildLock = path.join(tmpdir(), `studio-build-lock-${createHash("sha256").update(buildFolder).digest("hex").slice(0, 12)}`);

/** Builds the app unless the build is newer than every source file (`npm test` has usually made it already). */
export async function buildIfStale(): Promise<void> {
  for (;;) {
    try {
      mkdirSync(buildLock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock older than any build is what a killed run left behind.
      const heldSince = statSync(buildLock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - heldSince > 10 * 60_000) rmSync(buildLock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    const build = run(process.execPath, ["scripts/build-if-stale.mjs"], {});
    if ((await build.exited) !== 0) throw new Error(`the build failed:\n${build.output()}`);
  } finally {
    rmSync(buildLock, { recursive: true, force: true });
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export async function isListening(port: number): Promise<boolean> {
  const { connect } = await import("node:net");
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Starts the built app (`scripts/start.mjs`, production) on a free port with `env`, and resolves once it has
 * connected to its database and answers /healthz.
 */
export async function startBuiltServer(env: Record<string, string | undefined>): Promise<{ server: Running; base: string }> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = run(process.execPath, ["scripts/start.mjs"], { NODE_ENV: "production", PORT: String(port), SITE_URL: base, ...env });
  try {
    await server.waitFor(/Database: MongoDB at/);
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    // A caller whose beforeAll failed never gets the server back to stop it.
    server.child.kill("SIGKILL");
    throw error;
  }
  return { server, base };
}
