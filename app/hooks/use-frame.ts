import { useRouteLoaderData } from "@remix-run/react";
import type { FrameContent } from "~/domain/page-content";

/** The frame's content from the root loader; null when the root loader itself failed. */
export function useFrame(): FrameContent | null {
  return (useRouteLoaderData("root") as { frame?: FrameContent } | undefined)?.frame ?? null;
}
