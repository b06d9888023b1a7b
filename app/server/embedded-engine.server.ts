import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// jongodb ships as an optional npm package for Linux x64 only.
const PACKAGE = "@jongodb/memory-server-bin-linux-x64-gnu";

const NO_ENGINE_HINT =
  "The embedded database engine is only available on Linux x64: set MONGODB_URI to a MongoDB server, e.g. MONGODB_URI=mongodb://127.0.0.1:27017/studio";

function findEngineBinary(): string | undefined {
  try {
    const require = createRequire(path.join(process.cwd(), "package.json"));
    const pkg = require.resolve(`${PACKAGE}/package.json`);
    const binary = path.join(path.dirname(pkg), "bin", "jongodb");
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

const WATCHDOG = `parent=$1; shift
"$@" & engine=$!
while kill -0 "$parent" 2>/dev/null && kill -0 "$engine" 2>/dev/null; do sleep 1; done
kill "$engine" 2>/dev/null; wait "$engine"`;

export type EmbeddedEngine = { uri: string; process: ChildProcess; stop: () => void };

export function startEmbeddedEngine(dbName: string, { port = 0, timeoutMs = 15_000 } = {}): Promise<EmbeddedEngine> {
  const binary = findEngineBinary();
  if (!binary) return Promise.reject(new Error(NO_ENGINE_HINT));

  return new Promise((resolve, reject) => {
    // Port 0: the engine picks a free port and prints it, so there is no race. The shell watchdog ends the engine
    // when this process dies, even by SIGKILL.
    const child = spawn(
      "/bin/sh",
      ["-c", WATCHDOG, "jongodb-watchdog", String(process.pid), binary, "--host=127.0.0.1", `--port=${port}`],
      {
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      },
    );
    const stop = () => {
      if (child.exitCode !== null || !child.pid) return;
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    };
    let output = "";
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`The embedded database engine did not start within ${timeoutMs} ms: ${output.trim()}`));
    }, timeoutMs);

    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /JONGODB_URI=(mongodb:\/\/[^\s/]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off("data", onData);
        // Keep draining the pipes so the engine never blocks on a full buffer.
        child.stdout?.resume();
        child.stderr?.resume();
        resolve({ uri: `${match[1]}/${dbName}`, process: child, stop });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The embedded database engine exited with code ${code}: ${output.trim()}`));
    });
  });
}
