import { getEnv } from "./env.server";

// Remix does no cross-site check for resource routes, so a state-changing one asks here first.
export function isCrossSite(request: Request): boolean {
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return true;
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  return origin !== new URL(getEnv().SITE_URL).origin && origin !== new URL(request.url).origin;
}
