import { useRouteLoaderData } from "@remix-run/react";
import { formatDateTime } from "~/domain/format";
import { DEFAULT_TIME_ZONE } from "~/domain/time-zone";

/** The studio's time zone (docs/behaviour.md#time-zone), from the dashboard layout's loader. */
export function useTimeZone(): string {
  const data = useRouteLoaderData("routes/dashboard") as { timeZone?: string } | undefined;
  return data?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The dashboard's one way to show a time: "28 Nov 2026, 14:03 CET", in the studio's zone. */
export function useFormatTime(): (date: Date | string) => string {
  const zone = useTimeZone();
  return (date) => formatDateTime(date, zone);
}
