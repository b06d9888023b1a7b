import type { ServerInline } from "~/components/server-inline";
import css from "~/tailwind.css?inline";

export const serverInline: ServerInline = { css };
