import { createContext, useContext, useState } from "react";

/**
 * Text the server inlines into every document, that no JS bundle should carry: the site's stylesheet, so
 * the first paint waits for no other request (docs/decisions/0007). The server passes it down through this
 * context (see entry.server.tsx); in the browser the element reads its text back from what the server
 * rendered.
 */
export type ServerInline = { css: string };

export const ServerInlineContext = createContext<ServerInline | null>(null);

function useServerText(key: keyof ServerInline, id: string) {
  const fromServer = useContext(ServerInlineContext);
  const [text] = useState(() =>
    fromServer ? fromServer[key] : typeof document === "undefined" ? "" : (document.getElementById(id)?.textContent ?? ""),
  );
  return text;
}

export function SiteStyles() {
  const css = useServerText("css", "site-css");
  return <style id="site-css" dangerouslySetInnerHTML={{ __html: css }} />;
}
