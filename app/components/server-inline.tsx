import { createContext, useContext, useState } from "react";

// Inlined so the first paint waits for no other request (docs/decisions/0007); no JS bundle carries it, so the
// browser reads the text back from the server's HTML.
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
