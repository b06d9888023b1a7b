import css from "~/tailwind.css?inline";

// The shape of ServerInline (app/components/server-inline.tsx), which entry.server.tsx hands to the page.
export const serverInline = { css };
