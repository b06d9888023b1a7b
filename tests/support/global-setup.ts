import type { TestProject } from "vitest/node";
import { startEmbeddedEngine, type EmbeddedEngine } from "../../app/server/embedded-engine.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The MongoDB server the integration tests use: MONGODB_URI when set, else one embedded engine for the run. */
    mongoUri: string;
  }
}

let engine: EmbeddedEngine | undefined;

export async function setup(project: TestProject) {
  const real = process.env.MONGODB_URI?.trim();
  if (real) {
    project.provide("mongoUri", real);
    return;
  }
  engine = await startEmbeddedEngine("test");
  project.provide("mongoUri", engine.uri);
}

export async function teardown() {
  engine?.stop();
}
