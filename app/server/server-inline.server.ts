// What the server inlines into each document (see ~/components/server-inline).
import type { ServerInline } from "~/components/server-inline";
import { BOOT_SCRIPT } from "~/lib/after-paint";
import css from "~/tailwind.css?inline";

export const serverInline: ServerInline = { css, bootScript: BOOT_SCRIPT };
